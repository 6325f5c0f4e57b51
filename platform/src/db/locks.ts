/**
 * PostgreSQL advisory locks replicas sharing one database take turns on (Database.exclusive). Distinct
 * keys: a start holds the seed lock while migrate, on another connection, takes the migration lock.
 */
export const ADVISORY_LOCKS = {
  migrations: 4_711_001,
  seed: 4_711_002,
  /** Held by a transaction appending to session_revocations until it commits (stores/sessions.ts). */
  sessionRevocations: 4_711_003,
} as const;
