import { inject } from 'vitest';

interface OutboxPage {
  total: number;
  data: { recipient: string; subject: string; link: string | null }[];
}

async function outboxOf(email: string): Promise<OutboxPage> {
  const { restUrl } = inject('product');
  const response = await fetch(`${restUrl}/dev/outbox?recipient=${encodeURIComponent(email)}&limit=1`);
  if (!response.ok) throw new Error(`GET /dev/outbox answered ${response.status}`);
  return (await response.json()) as OutboxPage;
}

/** How many mails the platform has written for `email` (GET /dev/outbox, testing environment only). */
export async function mailCount(email: string): Promise<number> {
  return (await outboxOf(email)).total;
}

/** The newest password link mailed to `email`. */
export async function latestPasswordLink(email: string): Promise<string> {
  const link = (await outboxOf(email)).data[0]?.link;
  if (!link) throw new Error(`No password link was mailed to ${email}`);
  return link;
}
