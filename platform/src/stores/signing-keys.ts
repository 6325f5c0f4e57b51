import type { JWK } from 'jose';
import type { Queryable } from '../db/database.js';

// The provider's signing keys (migration 007), shared by every replica; domain/signing-keys.ts decides
// which signs and when a rotation drops one.

export interface KeyRow {
  kid: string;
  private_jwk: JWK;
  active: boolean;
}

/** Every key, newest activation first, and whether it has activated by the database's clock. */
export async function selectKeys(db: Queryable): Promise<KeyRow[]> {
  const { rows } = await db.query<KeyRow>(
    'SELECT kid, private_jwk, activates_at <= now() AS active FROM signing_keys ORDER BY activates_at DESC, kid',
  );
  return rows;
}

/** Adds a key that activates `activatesInMs` from the database's now (negative: already active). */
export async function insertKey(tx: Queryable, jwk: JWK, activatesInMs: number): Promise<void> {
  await tx.query(
    `INSERT INTO signing_keys (kid, private_jwk, activates_at) VALUES ($1, $2, now() + $3::double precision * interval '1 millisecond')`,
    [jwk.kid, jwk, activatesInMs],
  );
}

/** Rotation and the first key take turns: two replicas starting on an empty table create one key. */
export async function lockKeys(tx: Queryable): Promise<void> {
  await tx.query('LOCK TABLE signing_keys IN EXCLUSIVE MODE');
}

export async function deleteKeys(tx: Queryable, kids: string[]): Promise<void> {
  await tx.query('DELETE FROM signing_keys WHERE kid = ANY($1)', [kids]);
}

export async function keyActivation(tx: Queryable, kid: string): Promise<Date> {
  const { rows } = await tx.query<{ activates_at: Date }>('SELECT activates_at FROM signing_keys WHERE kid = $1', [
    kid,
  ]);
  return new Date(rows[0]!.activates_at);
}
