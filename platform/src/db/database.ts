import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';

/** What the platform needs of a database: the same SQL runs on PGlite and on a PostgreSQL server. */
export interface Queryable {
  query<T extends object = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

export interface Database extends Queryable {
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
  readonly kind: 'pglite' | 'postgres';
}

/** Embedded PostgreSQL (PGlite): in memory when `dataDir` is undefined, else persisted there. */
export async function openPglite(dataDir?: string): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir ? `file://${dataDir}` : undefined, { extensions: { pg_trgm } });
  return {
    kind: 'pglite',
    query: async <T extends object>(sql: string, params?: unknown[]) => ({
      rows: (await db.query<T>(sql, params)).rows,
    }),
    transaction: (work) =>
      db.transaction((tx) =>
        work({
          query: async <T extends object>(sql: string, params?: unknown[]) => ({
            rows: (await tx.query<T>(sql, params)).rows,
          }),
        }),
      ),
    exec: async (sql) => {
      await db.exec(sql);
    },
    close: () => db.close(),
  };
}

export async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  pool.on('error', (error) => console.error('PostgreSQL pool error', error));
  return {
    kind: 'postgres',
    query: async <T extends object>(sql: string, params?: unknown[]) => ({
      rows: (await pool.query(sql, params)).rows as T[],
    }),
    transaction: async (work) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work({
          query: async <T extends object>(sql: string, params?: unknown[]) => ({
            rows: (await client.query(sql, params)).rows as T[],
          }),
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    },
    exec: async (sql) => {
      await pool.query(sql);
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
