/**
 * PostgreSQL advisory locks replicas sharing one database take turns on (Database.exclusive). Distinct
 * keys: a start holds the seed lock while migrate, on another connection, takes the migration lock.
 */
export const ADVISORY_LOCKS = {
  migrations: 4_711_001,
  seed: 4_711_002,
} as const;
