import type { Queryable } from '../db/database.js';

/** A table's row count and a checksum of its rows (md5 of every row's text, in order). */
export interface TableSummary {
  table: string;
  rows: number;
  md5: string;
}

/**
 * Every table of the public schema with its count and checksum: two databases holding the same rows
 * answer the same list (a restored backup, a pg_dump round trip).
 */
export async function tableSummaries(db: Queryable): Promise<TableSummary[]> {
  const { rows: tables } = await db.query<{ name: string }>(
    `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  );
  const summaries: TableSummary[] = [];
  for (const { name } of tables) {
    // Ordered by the row's text: the same rows give the same checksum whatever their physical order.
    const { rows } = await db.query<{ rows: number; md5: string }>(
      `SELECT count(*)::int AS rows, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS md5
         FROM public.${quoteIdentifier(name)} AS t`,
    );
    summaries.push({ table: name, rows: rows[0]!.rows, md5: rows[0]!.md5 });
  }
  return summaries;
}

const quoteIdentifier = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The tables every Meridian database has: a backup file without them is not a Meridian backup. */
export const MERIDIAN_TABLES = ['schema_migrations', 'organizations', 'users'] as const;
