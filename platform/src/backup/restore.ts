// Loading a backup into the embedded database's directory (`npm run restore`): checked before anything
// under DATA_DIR moves, loaded into a directory of its own, opened and checked, and only then put in place.
import { gunzipSync } from 'node:zlib';
import { mkdir, readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { pgliteHolder } from '../db/pglite-lock.js';
import { MERIDIAN_TABLES, tableSummaries, type TableSummary } from '../stores/tables.js';

/** A refusal in words; nothing under DATA_DIR changed. */
export class RestoreRefused extends Error {}

export interface RestoreResult {
  /** Where the database now is (DATA_DIR/pglite). */
  databaseDir: string;
  /** Where the database it replaced was moved (--replace), never deleted. */
  replacedDir: string | null;
  tables: TableSummary[];
}

export const databaseDirOf = (dataDir: string) => path.join(dataDir, 'pglite');

const isEmptyDir = async (dir: string) => {
  try {
    return (await readdir(dir)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
};

/** The file's bytes if they are a gzipped tarball (what PGlite's dumpDataDir writes); else a refusal. */
export async function readBackupFile(file: string): Promise<Uint8Array<ArrayBuffer>> {
  let body: Buffer;
  try {
    body = await readFile(file);
  } catch (error) {
    throw new RestoreRefused(`Cannot read ${file}: ${(error as Error).message}`);
  }
  let tar: Buffer;
  try {
    tar = gunzipSync(body);
  } catch {
    throw new RestoreRefused(
      `${file} is not a Meridian backup: it is not a complete gzip file (damaged, cut short, or another kind of file).`,
    );
  }
  // A POSIX tar's first header says "ustar" at byte 257.
  if (tar.length < 512 || tar.subarray(257, 262).toString('latin1') !== 'ustar')
    throw new RestoreRefused(
      `${file} is not a Meridian backup: it is gzip, but not a tarball of a database directory.`,
    );
  return new Uint8Array(body);
}

/**
 * Loads a backup into `dir` (in memory when undefined), opens it and checks it is a Meridian database;
 * its tables with counts and checksums. `file` names it in refusals.
 */
export async function checkBackup(body: Uint8Array<ArrayBuffer>, file: string, dir?: string): Promise<TableSummary[]> {
  let db: PGlite | undefined;
  try {
    db = await PGlite.create(dir ? `file://${dir}` : undefined, {
      loadDataDir: new Blob([body]),
      extensions: { pg_trgm },
    });
    const tables = await tableSummaries(db);
    const names = new Set(tables.map((t) => t.table));
    const missing = MERIDIAN_TABLES.filter((table) => !names.has(table));
    if (missing.length > 0)
      throw new RestoreRefused(
        `${file} is not a Meridian backup: its database has no ${missing.join(', ')} table${missing.length > 1 ? 's' : ''}.`,
      );
    return tables;
  } catch (error) {
    if (error instanceof RestoreRefused) throw error;
    throw new RestoreRefused(`${file} is not a Meridian backup: PGlite cannot open it (${(error as Error).message}).`);
  } finally {
    await db?.close().catch(() => undefined);
  }
}

/**
 * Restores `file` into dataDir's embedded database. Refuses while a platform holds it, when it holds a
 * database already (unless `replace`: that one is moved aside to pglite.replaced-<time>, never deleted),
 * and when the file is damaged or not a Meridian database: then nothing under dataDir changed.
 */
export async function restoreBackup(
  file: string,
  dataDir: string,
  options: { replace?: boolean; now?: Date } = {},
): Promise<RestoreResult> {
  const holder = await pgliteHolder(dataDir);
  if (holder !== null)
    throw new RestoreRefused(
      `The platform (process ${holder}) has the embedded database under ${dataDir} open. Stop it, then restore.`,
    );
  const databaseDir = databaseDirOf(dataDir);
  if (!options.replace && !(await isEmptyDir(databaseDir)))
    throw new RestoreRefused(
      `${databaseDir} already holds a database. Restore into an empty DATA_DIR, or add --replace to move it aside first.`,
    );
  const body = await readBackupFile(file);
  const stamp = (options.now ?? new Date()).toISOString().replace(/[:.]/g, '-');
  const staging = `${databaseDir}.restoring-${stamp}`;
  await mkdir(dataDir, { recursive: true });
  let tables: TableSummary[];
  try {
    tables = await checkBackup(body, file, staging);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  let replacedDir: string | null = null;
  if (!(await isEmptyDir(databaseDir))) {
    replacedDir = `${databaseDir}.replaced-${stamp}`;
    await rename(databaseDir, replacedDir);
  } else {
    await rm(databaseDir, { recursive: true, force: true });
  }
  await rename(staging, databaseDir);
  return { databaseDir, replacedDir, tables };
}
