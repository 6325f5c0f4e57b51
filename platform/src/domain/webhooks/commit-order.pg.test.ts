// Webhook deliveries are sent lowest id first, so their ids must follow commit order (migration 016's
// trigger): on PostgreSQL two writers of one organization with endpoints take turns from their first
// delivery to their commit, and the later one gets the higher id.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../../db/database.js';
import { migrate } from '../../db/migrate.js';
import { seedFixture } from '../../test-support/fixture.js';
import { createPostgresDatabase } from '../../test-support/platform.js';

let database: { url: string; drop: () => Promise<void> };
let db: Database;
const clients: pg.Client[] = [];

beforeAll(async () => {
  database = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
  db = await openPostgres(database.url);
  await migrate(db);
  await seedFixture(db);
  await db.query(
    `INSERT INTO webhooks (id, organization_id, url, secret_sealed, created_by)
     VALUES ('wh_order', 'acme', 'https://siem.example.com/in', 'sealed', 'test')`,
  );
});
afterAll(async () => {
  for (const client of clients) await client.end();
  await db?.close();
  await database?.drop();
});

async function connect(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  clients.push(client);
  return client;
}

const recordEvent = (client: pg.Client, actor: string) =>
  client.query(
    `INSERT INTO audit_events (actor, actor_kind, action, organization_id) VALUES ($1, 'client', 'user.update', 'acme')`,
    [actor],
  );

describe('webhook deliveries of one organization', () => {
  it('get ids in commit order: a second writer waits for the first to commit', async () => {
    const [first, second] = [await connect(), await connect()];
    await first.query('BEGIN');
    await recordEvent(first, 'first');
    await second.query('BEGIN');
    let secondQueued = false;
    const queued = recordEvent(second, 'second').then(() => (secondQueued = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(secondQueued).toBe(false);
    await first.query('COMMIT');
    await queued;
    await second.query('COMMIT');

    const { rows } = await db.query<{ actor: string }>(
      `SELECT e.actor FROM webhook_deliveries d JOIN audit_events e ON e.id = d.event_id
        WHERE d.webhook_id = 'wh_order' ORDER BY d.id`,
    );
    expect(rows.map((row) => row.actor)).toEqual(['first', 'second']);
  });

  it('leave organizations without endpoints, and other organizations, writing side by side', async () => {
    const [first, second] = [await connect(), await connect()];
    await first.query('BEGIN');
    await recordEvent(first, 'acme-writer');
    await second.query('BEGIN');
    // Globex has no endpoint: its writer neither waits nor queues anything.
    await second.query(
      `INSERT INTO audit_events (actor, actor_kind, action, organization_id) VALUES ('globex-writer', 'client', 'user.update', 'globex')`,
    );
    await second.query('COMMIT');
    await first.query('COMMIT');
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM webhook_deliveries d JOIN audit_events e ON e.id = d.event_id
        WHERE e.actor = 'globex-writer'`,
    );
    expect(rows[0]!.n).toBe(0);
  });
});
