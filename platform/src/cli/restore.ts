// Loads a backup into the embedded database (npm run restore -- FILE [--replace]) with the platform
// stopped: a database already under DATA_DIR is refused, or moved aside with --replace (never deleted).
import path from 'node:path';
import { RestoreRefused, restoreBackup } from '../backup/restore.js';
import { loadConfig } from '../config.js';
import { logFailure } from '../observability/error-log.js';

const args = process.argv.slice(2).filter((arg) => arg !== '--');
const replace = args.includes('--replace');
const [target, ...extra] = args.filter((arg) => arg !== '--replace');
if (!target || extra.length > 0) {
  console.error('Usage: npm run restore -- FILE [--replace]');
  process.exit(2);
}
const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), target);
const config = loadConfig();

/** Whether something answers at the platform's REST URL: then it runs, and PGlite is its alone. */
async function platformAnswers(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(2000) });
    return true;
  } catch {
    return false;
  }
}

try {
  if (config.databaseUrl)
    throw new RestoreRefused(
      'DATABASE_URL is set: this platform runs on PostgreSQL. Restore it with pg_restore (README, Operations).',
    );
  const apiUrl = process.env.PLATFORM_API_URL ?? `http://localhost:${config.restPort}`;
  if (await platformAnswers(apiUrl))
    throw new RestoreRefused(`A platform answers at ${apiUrl}. Stop it (Ctrl-C in npm start), then restore.`);
  const result = await restoreBackup(file, config.dataDir, { replace });
  if (result.replacedDir) console.info(`The database that was there is kept in ${result.replacedDir}`);
  console.info(`Restored ${file} into ${result.databaseDir}:`);
  const width = Math.max(...result.tables.map((t) => t.table.length));
  for (const table of result.tables) console.info(`  ${table.table.padEnd(width)}  ${table.rows} rows`);
  console.info('Start the platform: npm start');
} catch (error) {
  if (error instanceof RestoreRefused) console.error(error.message);
  else logFailure('Restoring failed', error);
  process.exit(1);
}
