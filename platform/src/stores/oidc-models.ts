import type { AdapterPayload } from 'oidc-provider';
import type { Queryable } from '../db/database.js';

// The provider's storage (sessions, interactions, grants, codes, refresh tokens...) in table oidc_models,
// one row per model name and id; domain/oidc-storage.ts is the provider's adapter over these.

/** What a lookup finds a model by. */
export type ModelKey = 'id' | 'uid' | 'user_code';

export interface ModelRow {
  payload: AdapterPayload | string;
  consumed_at: Date | null;
}

/** Saves a model; consumed_at survives a re-save, as consumption is recorded beside the payload. */
export async function upsertModel(
  db: Queryable,
  model: string,
  id: string,
  payload: AdapterPayload,
  expiresAt: Date | null,
): Promise<void> {
  await db.query(
    `INSERT INTO oidc_models (model, id, payload, grant_id, user_code, uid, expires_at)
     VALUES ($1, $2, $3::jsonb, $4, $5, $6, $7)
     ON CONFLICT (model, id) DO UPDATE SET payload = EXCLUDED.payload, grant_id = EXCLUDED.grant_id,
       user_code = EXCLUDED.user_code, uid = EXCLUDED.uid, expires_at = EXCLUDED.expires_at`,
    [
      model,
      id,
      JSON.stringify(payload),
      payload.grantId ?? null,
      payload.userCode ?? null,
      payload.uid ?? null,
      expiresAt,
    ],
  );
}

/** The unexpired model whose `key` is `value`. */
export async function findModel(
  db: Queryable,
  model: string,
  key: ModelKey,
  value: string,
): Promise<ModelRow | undefined> {
  const { rows } = await db.query<ModelRow>(
    `SELECT payload, consumed_at FROM oidc_models
      WHERE model = $1 AND ${key} = $2 AND (expires_at IS NULL OR expires_at > now())`,
    [model, value],
  );
  return rows[0];
}

export async function consumeModel(db: Queryable, model: string, id: string): Promise<void> {
  await db.query('UPDATE oidc_models SET consumed_at = now() WHERE model = $1 AND id = $2', [model, id]);
}

export async function deleteModel(db: Queryable, model: string, id: string): Promise<void> {
  await db.query('DELETE FROM oidc_models WHERE model = $1 AND id = $2', [model, id]);
}

export async function deleteModelsOfGrant(db: Queryable, model: string, grantId: string): Promise<void> {
  await db.query('DELETE FROM oidc_models WHERE model = $1 AND grant_id = $2', [model, grantId]);
}

/** Removes expired sessions, codes and tokens; returns how many rows went. */
export async function deleteExpiredModels(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ count: number }>(
    `WITH gone AS (DELETE FROM oidc_models WHERE expires_at < now() RETURNING 1) SELECT count(*)::int AS count FROM gone`,
  );
  return rows[0]?.count ?? 0;
}
