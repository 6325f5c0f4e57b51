// The platform package's public surface: start it whole, or build its parts (the gateway's tests and
// tools use these). Test support is deliberately not exported.
export { startPlatform, type RunningPlatform, type StartOptions } from './server.js';
export { loadConfig, type PlatformConfig } from './config.js';
export { buildRestApi, type RestApiOptions } from './app.js';
export { openPglite, openPostgres, type Database, type Queryable } from './db/database.js';
export { migrate } from './db/migrate.js';
export { JOB_STEPS } from './domain/jobs.js';
