import type { CacheProvider } from '@node-saml/node-saml';
import type { Queryable } from '../db/database.js';

// The ids of the SAML AuthnRequests we sent (node-saml's request cache), in PostgreSQL rather than in
// one process's memory: the response may come back to any provider replica. The database's clock
// dates every entry, so replicas with drifting clocks agree on what has expired.

/**
 * node-saml's CacheProvider on sso_saml_requests. An entry older than `expiryMs` counts as absent
 * (housekeeping deletes it later); taking an entry (removeAsync) deletes it and answers its value only
 * when it was there and fresh, so of two requests taking the same id only one gets it.
 */
export function samlRequestCache(db: Queryable, expiryMs: number): CacheProvider {
  return {
    async saveAsync(key, value) {
      const { rows } = await db.query<{ created_at: Date }>(
        `INSERT INTO sso_saml_requests (id, value) VALUES ($1, $2)
         ON CONFLICT (id) DO NOTHING RETURNING created_at`,
        [key, value],
      );
      return rows[0] ? { value, createdAt: rows[0].created_at.getTime() } : null;
    },
    async getAsync(key) {
      const { rows } = await db.query<{ value: string }>(
        `SELECT value FROM sso_saml_requests
          WHERE id = $1 AND created_at > now() - $2::double precision * interval '1 millisecond'`,
        [key, expiryMs],
      );
      return rows[0]?.value ?? null;
    },
    async removeAsync(key) {
      if (key === null) return null;
      const { rows } = await db.query<{ value: string; fresh: boolean }>(
        `DELETE FROM sso_saml_requests WHERE id = $1
         RETURNING value, created_at > now() - $2::double precision * interval '1 millisecond' AS fresh`,
        [key, expiryMs],
      );
      return rows[0]?.fresh ? rows[0].value : null;
    },
  };
}

/** Housekeeping: forgets requests sent before `before` (never answered). Answers how many were deleted. */
export async function deleteExpiredSamlRequests(db: Queryable, before: Date): Promise<number> {
  const { rows } = await db.query('DELETE FROM sso_saml_requests WHERE created_at < $1 RETURNING id', [before]);
  return rows.length;
}
