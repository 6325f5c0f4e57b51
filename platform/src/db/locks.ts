/**
 * PostgreSQL advisory locks replicas sharing one database take turns on (Database.exclusive). Distinct
 * keys: a start holds the seed lock while migrate, on another connection, takes the migration lock.
 */
export const ADVISORY_LOCKS = {
  migrations: 4_711_001,
  seed: 4_711_002,
  /** Held by a transaction appending to session_revocations until it commits (stores/sessions.ts). */
  sessionRevocations: 4_711_003,
  /**
   * With the organization's hashed id as second key: held by a transaction that queues webhook deliveries
   * until it commits, so their ids follow commit order (the trigger of migration 016, which names it).
   */
  webhookDeliveries: 4_711_004,
} as const;
