import { normalizeEmail } from '@meridian/schema';
import type { Queryable } from '../db/database.js';
import { selectOutbox } from '../stores/outbox.js';
import type { Paging } from '../stores/sql.js';

/** The mail the platform would have sent (local and testing environments), newest first. */
export async function listOutbox(db: Queryable, query: Paging & { recipient?: string }) {
  const recipient = query.recipient === undefined ? undefined : normalizeEmail(query.recipient);
  const { rows, total } = await selectOutbox(db, recipient, query);
  const data = rows.map((row) => ({
    id: Number(row.id),
    recipient: row.recipient,
    subject: row.subject,
    body: row.body,
    link: row.link,
    createdAt: row.created_at.toISOString(),
  }));
  return { data, total };
}
