// The counts the database keeps per organization (migrations 004 and 006) against a recount of the
// users themselves, after each kind of write: bulk insert, activation, license changes, deletion.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './database.js';
import { migrate } from './migrate.js';
import { openTestDatabase } from '../test-support/platform.js';

let db: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await openTestDatabase());
  await migrate(db);
  await db.query(
    `INSERT INTO organizations (id, name, licenses, customer_segment)
     SELECT id, id, '{}', 'employer' FROM unnest(ARRAY['north', 'south']) AS id`,
  );
});
afterAll(() => drop());

const KEPT = `SELECT organization_id, users, active_users, explorer_used, viewer_used
                FROM organization_user_counts ORDER BY organization_id`;
const RECOUNT = `SELECT o.id AS organization_id,
                        count(u.email)::int AS users,
                        count(u.email) FILTER (WHERE u.active)::int AS active_users,
                        count(u.email) FILTER (WHERE u.active AND u.tableau_license = 'explorer')::int AS explorer_used,
                        count(u.email) FILTER (WHERE u.active AND u.tableau_license = 'viewer')::int AS viewer_used
                   FROM organizations o LEFT JOIN users u ON u.organization_id = o.id
                  GROUP BY o.id ORDER BY o.id`;

async function expectKeptEqualsRecount(): Promise<void> {
  expect((await db.query(KEPT)).rows).toEqual((await db.query(RECOUNT)).rows);
}

describe('counts kept per organization', () => {
  it('follow a bulk insert of users of every level, active or not', async () => {
    await db.query(
      `INSERT INTO users (email, name, organization_id, password_hash, active, tableau_license)
       SELECT 'u' || n || '@x.test', 'User ' || n, CASE WHEN n % 2 = 0 THEN 'north' ELSE 'south' END, 'x',
              n % 5 <> 0, (ARRAY['viewer', 'explorer', 'creator', NULL])[n % 4 + 1]
         FROM generate_series(1, 200) AS n`,
    );
    await expectKeptEqualsRecount();
    const north = (await db.query<{ active_users: number }>(KEPT)).rows[0]!;
    expect(north.active_users).toBeGreaterThan(0);
  });

  it('follow activations, deactivations and license changes, one row or many', async () => {
    await db.query(`UPDATE users SET active = NOT active WHERE email LIKE 'u1%'`);
    await db.query(`UPDATE users SET tableau_license = 'explorer' WHERE email = 'u2@x.test'`);
    await db.query(`UPDATE users SET tableau_license = NULL WHERE email LIKE 'u3%'`);
    await db.query(`UPDATE users SET name = name || '!'`);
    await expectKeptEqualsRecount();
  });

  it('follow deletions', async () => {
    await db.query(`DELETE FROM users WHERE email LIKE 'u4%'`);
    await expectKeptEqualsRecount();
  });
});
