// Daily rotated backups of the embedded database (issue 32): `npm start` keeps one snapshot a day under
// DATA_DIR/backups/, the newest BACKUP_KEEP of them (7 by default); BACKUPS=off turns them off. PostgreSQL
// deployments are backed up with the database's own tools (README, Operations).
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../db/database.js';
import { logFailure } from '../observability/error-log.js';

/** The first backup is made this long after start (when today's is missing), off the start's critical path. */
const FIRST_DELAY_MS = 60 * 1000;
/** How often the job looks whether today's backup exists yet; cheap when it does. */
const CHECK_MS = 60 * 60 * 1000;
const DEFAULT_KEEP = 7;
const NAME = /^meridian-(\d{4}-\d{2}-\d{2})\.tar\.gz$/;

export interface DailyBackupSettings {
  enabled: boolean;
  keep: number;
}

/** BACKUPS (on unless "off") and BACKUP_KEEP (a whole number ≥ 1) from the environment. */
export function dailyBackupSettings(env: NodeJS.ProcessEnv = process.env): DailyBackupSettings {
  const keep = env.BACKUP_KEEP === undefined || env.BACKUP_KEEP === '' ? DEFAULT_KEEP : Number(env.BACKUP_KEEP);
  if (!Number.isInteger(keep) || keep < 1)
    throw new Error(
      `BACKUP_KEEP must be a whole number of daily backups to keep (at least 1), not "${env.BACKUP_KEEP}".`,
    );
  return { enabled: env.BACKUPS?.toLowerCase() !== 'off', keep };
}

export const backupsDir = (dataDir: string) => path.join(dataDir, 'backups');

/** The file of `date`'s backup (its UTC day): meridian-YYYY-MM-DD.tar.gz. */
export const dailyBackupName = (date: Date) => `meridian-${date.toISOString().slice(0, 10)}.tar.gz`;

/** Writes `body` to `file` through a temporary file and a rename, so a reader never sees half of it. */
export async function writeAtomically(file: string, body: Uint8Array): Promise<void> {
  const temporary = `${file}.${randomUUID()}.partial`;
  try {
    await writeFile(temporary, body);
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

export interface DailyBackupResult {
  /** The file written, or null when the day's backup already existed. */
  written: string | null;
  /** Older backups removed to keep `keep`. */
  removed: string[];
}

/**
 * Makes the backup of `now`'s day under dir unless it exists, then keeps the newest `keep` daily backups
 * (by the date in their names) and removes the others. Files of other names are left alone.
 */
export async function writeDailyBackup(
  db: Database,
  dir: string,
  keep: number,
  now: Date = new Date(),
): Promise<DailyBackupResult> {
  if (!db.dumpDataDir) throw new Error('Daily backups are made of the embedded database (PGlite) only.');
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, dailyBackupName(now));
  let written: string | null = null;
  if (!(await exists(file))) {
    const body = new Uint8Array(await (await db.dumpDataDir()).arrayBuffer());
    await writeAtomically(file, body);
    written = file;
  }
  const daily = (await readdir(dir)).filter((name) => NAME.test(name)).sort();
  const removed = daily.slice(0, Math.max(0, daily.length - keep)).map((name) => path.join(dir, name));
  for (const old of removed) await rm(old, { force: true });
  return { written, removed };
}

/**
 * Starts the daily backups of the embedded database under dataDir/backups (settings from the
 * environment). The timers never keep the process alive; a failure is logged and retried at the next
 * check, never thrown. The returned function stops them and waits for a backup under way.
 */
export function startDailyBackups(
  db: Database,
  dataDir: string,
  env: NodeJS.ProcessEnv = process.env,
): () => Promise<void> {
  const settings = dailyBackupSettings(env);
  if (!settings.enabled || !db.dumpDataDir) return async () => undefined;
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = running
      .then(() => writeDailyBackup(db, backupsDir(dataDir), settings.keep))
      .then((result) => {
        if (result.written) console.info(`Daily backup written: ${result.written}`);
      })
      .catch((error: unknown) => logFailure('The daily backup of the embedded database failed', error));
  };
  const first = setTimeout(run, FIRST_DELAY_MS);
  const checks = setInterval(run, CHECK_MS);
  first.unref();
  checks.unref();
  return async () => {
    clearTimeout(first);
    clearInterval(checks);
    await running;
  };
}
