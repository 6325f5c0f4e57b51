import type { Queryable } from '../db/database.js';
import { page, type Paging } from './sql.js';

export interface OutboxRow {
  /** bigserial: a string from node-postgres, a number from PGlite. */
  id: string | number;
  recipient: string;
  subject: string;
  body: string;
  link: string | null;
  created_at: Date;
}

/** Mail in the outbox, newest first, only to `recipient` when given; and how many there are. */
export async function selectOutbox(
  db: Queryable,
  recipient: string | undefined,
  paging: Paging,
): Promise<{ rows: OutboxRow[]; total: number }> {
  const params: unknown[] = [];
  let where = '';
  if (recipient !== undefined) {
    params.push(recipient);
    where = 'WHERE recipient = $1';
  }
  const total = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM outbox ${where}`, params)).rows[0]!.n;
  const { rows } = await db.query<OutboxRow>(
    `SELECT id, recipient, subject, body, link, created_at FROM outbox ${where} ORDER BY id DESC${page(paging, params)}`,
    params,
  );
  return { rows, total };
}

/** Writes a mail to the outbox (readable at GET /dev/outbox locally). */
export async function insertMail(
  db: Queryable,
  mail: { recipient: string; subject: string; body: string; link: string | null },
): Promise<void> {
  await db.query('INSERT INTO outbox (recipient, subject, body, link) VALUES ($1, $2, $3, $4)', [
    mail.recipient,
    mail.subject,
    mail.body,
    mail.link,
  ]);
}
