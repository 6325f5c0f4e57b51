// Writes a consistent snapshot of the embedded database while the product runs (npm run backup -- FILE):
// the running platform makes it (PGlite serves one process), this tool checks and stores it.
// PostgreSQL deployments are backed up with pg_dump or base backups (README, Operations).
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { writeAtomically } from '../backup/daily.js';
import { BackupFailed, downloadBackup } from '../backup/download.js';
import { checkBackup, RestoreRefused } from '../backup/restore.js';
import { loadConfig } from '../config.js';
import { logFailure } from '../observability/error-log.js';

const [target] = process.argv.slice(2).filter((arg) => arg !== '--');
if (!target) {
  console.error('Usage: npm run backup -- FILE   (for example: npm run backup -- meridian.tar.gz)');
  process.exit(2);
}
// npm runs the script at the repository's root: a relative FILE is where the person typed the command.
const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), target);
const config = loadConfig();
try {
  const started = new Date();
  const { body, sha256 } = await downloadBackup({
    apiUrl: process.env.PLATFORM_API_URL ?? `http://localhost:${config.restPort}`,
    issuer: config.issuer,
    clientId: config.cliClientId,
    clientSecret: config.cliClientSecret,
  });
  // Opened once in memory before it is kept: a backup that would not restore is no backup.
  const tables = await checkBackup(body, 'The downloaded backup');
  await writeAtomically(file, body);
  const written = await stat(file);
  const rowsOf = (table: string) => tables.find((t) => t.table === table)?.rows ?? 0;
  console.info(`Backup of the embedded database written to ${file}`);
  console.info(`  taken   ${started.toISOString()}`);
  console.info(`  size    ${written.size.toLocaleString('en')} bytes (gzipped tarball)`);
  console.info(`  sha256  ${sha256}`);
  console.info(
    `  tables  ${tables.length} (${rowsOf('organizations')} organizations, ${rowsOf('users')} users, ` +
      `${rowsOf('audit_events')} audit events)`,
  );
  console.info('Restore it with the platform stopped: npm run restore -- FILE');
} catch (error) {
  if (error instanceof BackupFailed || error instanceof RestoreRefused) console.error(error.message);
  else logFailure('The backup failed', error);
  process.exit(1);
}
