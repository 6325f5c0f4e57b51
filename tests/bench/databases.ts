import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** A place for one benchmark round's data, made for it and removed after it. */
export interface BenchDatabase {
  /** How the table names it. */
  label: string;
  /** The command that measures on it, as a reader would type it (no credentials). */
  command: string;
  /** Environment for loadConfig: DATA_DIR always (PGlite, a one-time key import), DATABASE_URL for a server. */
  env: Record<string, string>;
  remove(): Promise<void>;
}

/** Embedded PGlite under a fresh temporary DATA_DIR. */
export async function pgliteDatabase(command: string): Promise<BenchDatabase> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'meridian-bench-'));
  return {
    label: 'PGlite (embedded, on disk)',
    command,
    env: { DATA_DIR: dataDir },
    remove: () => rm(dataDir, { recursive: true, force: true }),
  };
}

async function onServer(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A new database on the PostgreSQL server of `serverUrl` (BENCH_DATABASE_URL), dropped afterwards. */
export async function postgresDatabase(serverUrl: string, command: string): Promise<BenchDatabase> {
  const name = `meridian_bench_${randomUUID().replace(/-/g, '')}`;
  await onServer(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'meridian-bench-'));
  return {
    label: 'PostgreSQL server',
    command,
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    remove: async () => {
      await onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs `measure` on PGlite and, with BENCH_DATABASE_URL, on that PostgreSQL server (each database made
 * fresh and removed after); answers each run's markdown, and a line saying PostgreSQL was left out.
 */
export async function measureOnEachDatabase(
  command: string,
  measure: (database: BenchDatabase) => Promise<string>,
): Promise<string[]> {
  const makers: (() => Promise<BenchDatabase>)[] = [() => pgliteDatabase(command)];
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (serverUrl) makers.push(() => postgresDatabase(serverUrl, `BENCH_DATABASE_URL=postgres://… ${command}`));
  const rendered: string[] = [];
  for (const make of makers) {
    const database = await make();
    try {
      rendered.push(await measure(database));
    } finally {
      await database.remove();
    }
  }
  if (!serverUrl)
    rendered.push('PostgreSQL: not measured in this run (set `BENCH_DATABASE_URL` to a server to add it).');
  return rendered;
}
