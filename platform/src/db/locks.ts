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
  /**
   * With the email's (or address's) hash as second key: held by a transaction that counts a sign-in
   * attempt against its limit until it commits, so attempts sent at once take turns (stores/login.ts,
   * stores/mfa.ts). Passwords per email; second-factor codes per account, then per address.
   */
  loginAttempts: 4_711_005,
  codeAttemptsOfAccount: 4_711_006,
  codeAttemptsOfAddress: 4_711_007,
} as const;
