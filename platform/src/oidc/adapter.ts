import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Queryable } from '../db/database.js';

/**
 * The provider's storage (sessions, interactions, grants, codes, refresh tokens...) in table oidc_models,
 * so restarting the platform signs nobody out. One adapter per model name; rows past expires_at are
 * treated as gone and swept by deleteExpiredModels.
 */
export class DatabaseAdapter implements Adapter {
  constructor(
    private readonly db: Queryable,
    private readonly model: string,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const expiresAt = typeof expiresIn === 'number' ? new Date(Date.now() + expiresIn * 1000) : null;
    // consumed_at survives a re-save: consumption is recorded beside the payload, not in it.
    await this.db.query(
      `INSERT INTO oidc_models (model, id, payload, grant_id, user_code, uid, expires_at)
       VALUES ($1, $2, $3::jsonb, $4, $5, $6, $7)
       ON CONFLICT (model, id) DO UPDATE SET payload = EXCLUDED.payload, grant_id = EXCLUDED.grant_id,
         user_code = EXCLUDED.user_code, uid = EXCLUDED.uid, expires_at = EXCLUDED.expires_at`,
      [
        this.model,
        id,
        JSON.stringify(payload),
        payload.grantId ?? null,
        payload.userCode ?? null,
        payload.uid ?? null,
        expiresAt,
      ],
    );
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    return this.findWhere('id = $2', id);
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.findWhere('uid = $2', uid);
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.findWhere('user_code = $2', userCode);
  }

  async consume(id: string): Promise<void> {
    await this.db.query('UPDATE oidc_models SET consumed_at = now() WHERE model = $1 AND id = $2', [this.model, id]);
  }

  async destroy(id: string): Promise<void> {
    await this.db.query('DELETE FROM oidc_models WHERE model = $1 AND id = $2', [this.model, id]);
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db.query('DELETE FROM oidc_models WHERE model = $1 AND grant_id = $2', [this.model, grantId]);
  }

  private async findWhere(condition: string, value: string): Promise<AdapterPayload | undefined> {
    const { rows } = await this.db.query<{ payload: AdapterPayload; consumed_at: Date | null }>(
      `SELECT payload, consumed_at FROM oidc_models
        WHERE model = $1 AND ${condition} AND (expires_at IS NULL OR expires_at > now())`,
      [this.model, value],
    );
    const row = rows[0];
    if (!row) return undefined;
    const payload = typeof row.payload === 'string' ? (JSON.parse(row.payload) as AdapterPayload) : row.payload;
    return row.consumed_at ? { ...payload, consumed: Math.floor(new Date(row.consumed_at).getTime() / 1000) } : payload;
  }
}

/** Clients are configured statically; no lookup ever registers one from storage. */
class NoDynamicClients implements Adapter {
  upsert = async () => undefined;
  find = async () => undefined;
  findByUid = async () => undefined;
  findByUserCode = async () => undefined;
  consume = async () => undefined;
  destroy = async () => undefined;
  revokeByGrantId = async () => undefined;
}

/** The provider's `adapter` option: a factory called once per model name. */
export function databaseAdapterFactory(db: Queryable): (model: string) => Adapter {
  return (model) => (model === 'Client' ? new NoDynamicClients() : new DatabaseAdapter(db, model));
}

/** Removes expired sessions, codes and tokens; returns how many rows went. */
export async function deleteExpiredModels(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ count: number }>(
    `WITH gone AS (DELETE FROM oidc_models WHERE expires_at < now() RETURNING 1) SELECT count(*)::int AS count FROM gone`,
  );
  return rows[0]?.count ?? 0;
}
