import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { tracedQuery } from '../observability/trace-context.js';
import { logFailure } from '../observability/error-log.js';
import { guardedQuery } from './query-errors.js';

/** What the platform needs of a database: the same SQL runs on PGlite and on a PostgreSQL server. */
export interface Queryable {
  query<T extends object = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

export interface Database extends Queryable {
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * Runs `work` while holding the PostgreSQL advisory lock `key`, so replicas sharing the database take
   * turns (migrations). PGlite is one process: the work simply runs.
   */
  exclusive<T>(key: number, work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
  readonly kind: 'pglite' | 'postgres';
  /**
   * PGlite only: its data directory as one gzipped tarball (backup/). PGlite runs it between queries,
   * so it is a consistent snapshot while writes go on.
   */
  dumpDataDir?: () => Promise<Blob>;
}

/** Embedded PostgreSQL (PGlite): in memory when `dataDir` is undefined, else persisted there. */
export async function openPglite(dataDir?: string): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir ? `file://${dataDir}` : undefined, { extensions: { pg_trgm } });
  return {
    kind: 'pglite',
    query: async <T extends object>(sql: string, params?: unknown[]) => ({
      rows: (await tracedQuery(sql, () => guardedQuery(sql, params, () => db.query<T>(sql, params)))).rows,
    }),
    transaction: (work) =>
      db.transaction((tx) =>
        work({
          query: async <T extends object>(sql: string, params?: unknown[]) => ({
            rows: (await tracedQuery(sql, () => guardedQuery(sql, params, () => tx.query<T>(sql, params)))).rows,
          }),
        }),
      ),
    exec: async (sql) => {
      await guardedQuery(sql, undefined, () => db.exec(sql));
    },
    exclusive: (_key, work) => work(),
    close: () => db.close(),
    dumpDataDir: () => db.dumpDataDir('gzip'),
  };
}

export async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  pool.on('error', (error) => logFailure('PostgreSQL pool error', error));
  return {
    kind: 'postgres',
    query: async <T extends object>(sql: string, params?: unknown[]) => ({
      rows: (await guardedQuery(sql, params, () => pool.query(sql, params))).rows as T[],
    }),
    transaction: async (work) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work({
          query: async <T extends object>(sql: string, params?: unknown[]) => ({
            rows: (await guardedQuery(sql, params, () => client.query(sql, params))).rows as T[],
          }),
        });
        await guardedQuery('COMMIT', undefined, () => client.query('COMMIT'));
        return result;
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    },
    exec: async (sql) => {
      await guardedQuery(sql, undefined, () => pool.query(sql));
    },
    // A session-level lock on a connection of its own, held while `work` uses the pool's others.
    exclusive: async (key, work) => {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [key]);
        try {
          return await work();
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [key]);
        }
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/** The database the configuration names: PostgreSQL when DATABASE_URL is set, else PGlite under dataDir. */
export function openConfiguredDatabase(config: {
  databaseUrl: string | undefined;
  dataDir: string;
}): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(`${config.dataDir}/pglite`);
}

/** The health probe: a statement that reads no table, answered when the database is reachable. */
export async function ping(db: Queryable): Promise<void> {
  await db.query('SELECT 1');
}

/** Empties the database (every table, row and type of the public schema) so migrations start over. */
export async function emptyDatabase(db: Database): Promise<void> {
  await db.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
}
