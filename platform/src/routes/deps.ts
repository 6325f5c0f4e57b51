import type { PlatformConfig } from '../config.js';
import type { Database } from '../db/database.js';

/** What every route module receives. */
export interface RouteDeps {
  config: PlatformConfig;
  db: Database;
}
