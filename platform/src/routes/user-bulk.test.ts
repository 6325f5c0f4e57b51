import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  BULK_USER_NOT_FOUND_MESSAGE,
  LAST_ORG_ADMIN_MESSAGE,
  SELF_DEACTIVATE_MESSAGE,
  bulkTooManyMessage,
  userLimitMessage,
} from '@meridian/schema';
import { startTestPlatform, type TestPlatform } from '../test-support/platform.js';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform.close());

const BULK = 1200;
const bulkEmails = Array.from({ length: BULK }, (_, i) => `bulk${String(i).padStart(4, '0')}@acme.test`);

/** Seeds acme's bulk users (active orgUsers, no seats) in one statement, and a user limit that fits them. */
async function seedBulkUsers(userLimit: number): Promise<void> {
  await platform.db.query(
    `INSERT INTO users (email, organization_id, name, password_hash, role)
     SELECT e, 'acme', 'Bulk ' || e, 'x', 'orgUser' FROM unnest($1::text[]) AS e ON CONFLICT DO NOTHING`,
    [bulkEmails],
  );
  await platform.db.query(
    `UPDATE organizations SET licenses = jsonb_set(licenses, '{user_limit}', to_jsonb($1::int)) WHERE id = 'acme'`,
    [userLimit],
  );
}

async function bulk(caller: string, organizationId: string, body: object) {
  return platform.rest.inject({
    method: 'POST',
    url: `/user/bulk/active?organizationId=${organizationId}`,
    headers: await platform.auth(caller),
    payload: body,
  });
}

async function activeOf(emails: string[]): Promise<Map<string, boolean>> {
  const { rows } = await platform.db.query<{ email: string; active: boolean }>(
    'SELECT email, active FROM users WHERE email = ANY($1)',
    [emails],
  );
  return new Map(rows.map((row) => [row.email, row.active]));
}

async function auditCount(action: string, since: Date): Promise<number> {
  const { rows } = await platform.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM audit_events WHERE action = $1 AND occurred_at >= $2 AND target_id LIKE 'bulk%'`,
    [action, since],
  );
  return rows[0]!.n;
}

type Answer = {
  changed: number;
  unchanged: number;
  refused: number;
  results: { email: string; outcome: string; reason: string | null }[];
};

describe('POST /user/bulk/active', () => {
  it('deactivates 1,200 listed users in batches, refusing the caller, a missing user and another tenant’s user per row', async () => {
    await seedBulkUsers(BULK + 10);
    const since = new Date();
    const transactions = vi.spyOn(platform.db, 'transaction');
    const selected = [...bulkEmails, 'ORGADMIN@acme.test', 'ghost@acme.test', 'user@globex.test', bulkEmails[0]!];
    const answer = await bulk('orgadmin@acme.test', 'acme', { active: false, emails: selected });
    const transactionCount = transactions.mock.calls.length;
    transactions.mockRestore();
    expect(answer.statusCode, answer.body.slice(0, 300)).toBe(200);
    const body = answer.json<Answer>();
    expect(body).toMatchObject({ changed: BULK, unchanged: 0, refused: 3 });
    // Repeats are applied once; the rows keep the order selected.
    expect(body.results).toHaveLength(BULK + 3);
    expect(body.results.slice(BULK)).toEqual([
      { email: 'orgadmin@acme.test', outcome: 'refused', reason: SELF_DEACTIVATE_MESSAGE },
      { email: 'ghost@acme.test', outcome: 'refused', reason: BULK_USER_NOT_FOUND_MESSAGE },
      { email: 'user@globex.test', outcome: 'refused', reason: BULK_USER_NOT_FOUND_MESSAGE },
    ]);
    // 1,203 rows in batches of 500: three transactions.
    expect(transactionCount).toBe(3);
    const states = await activeOf([...bulkEmails, 'orgadmin@acme.test', 'user@globex.test']);
    expect(bulkEmails.every((email) => states.get(email) === false)).toBe(true);
    expect(states.get('orgadmin@acme.test')).toBe(true);
    expect(states.get('user@globex.test')).toBe(true);
    expect(await auditCount('user.deactivate', since)).toBe(BULK);
  });

  it('activates every user matching a search, resolved by the platform, and leaves the rest', async () => {
    const since = new Date();
    const answer = await bulk('orgadmin@acme.test', 'acme', { active: true, allMatching: { search: 'BULK0' } });
    expect(answer.statusCode, answer.body.slice(0, 300)).toBe(200);
    const body = answer.json<Answer>();
    // bulk0000 … bulk0999 match "bulk0"; bulk1000 … stay inactive.
    expect(body).toMatchObject({ changed: 1000, unchanged: 0, refused: 0 });
    expect(body.results[0]).toEqual({ email: 'bulk0000@acme.test', outcome: 'changed', reason: null });
    const states = await activeOf(['bulk0999@acme.test', 'bulk1000@acme.test']);
    expect(states.get('bulk0999@acme.test')).toBe(true);
    expect(states.get('bulk1000@acme.test')).toBe(false);
    expect(await auditCount('user.activate', since)).toBe(1000);
    const again = await bulk('orgadmin@acme.test', 'acme', { active: true, allMatching: { search: 'bulk0' } });
    expect(again.json<Answer>()).toMatchObject({ changed: 0, unchanged: 1000, refused: 0 });
    expect(await auditCount('user.activate', since)).toBe(1000);
  });

  it('refuses, per row, activations past the user limit (counted across batches)', async () => {
    const active = (
      await platform.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM users WHERE organization_id = 'acme' AND active`,
      )
    ).rows[0]!.n;
    await seedBulkUsers(active + 150);
    const rest = bulkEmails.slice(1000);
    const body = (await bulk('admin@meridian.test', 'acme', { active: true, emails: rest })).json<Answer>();
    expect(body).toMatchObject({ changed: 150, unchanged: 0, refused: 50 });
    expect(body.results[150]).toEqual({
      email: rest[150],
      outcome: 'refused',
      reason: userLimitMessage(active + 150),
    });
  });

  it('keeps the last active Org Admin, refusing only that row', async () => {
    await platform.db.query(`UPDATE users SET role = 'orgAdmin' WHERE email = 'bulk0000@acme.test'`);
    const body = (
      await bulk('admin@meridian.test', 'acme', {
        active: false,
        emails: ['bulk0000@acme.test', 'orgadmin@acme.test', 'bulk0001@acme.test'],
      })
    ).json<Answer>();
    expect(body.results).toEqual([
      { email: 'bulk0000@acme.test', outcome: 'changed', reason: null },
      { email: 'orgadmin@acme.test', outcome: 'refused', reason: LAST_ORG_ADMIN_MESSAGE },
      { email: 'bulk0001@acme.test', outcome: 'changed', reason: null },
    ]);
    expect((await activeOf(['orgadmin@acme.test'])).get('orgadmin@acme.test')).toBe(true);
  });

  it('checks the permission and the tenant scope of single activation', async () => {
    const body = { active: false, emails: ['bulk0002@acme.test'] };
    expect((await bulk('user@acme.test', 'acme', body)).statusCode).toBe(403);
    expect((await bulk('viewer@meridian.test', 'acme', body)).statusCode).toBe(403);
    expect((await bulk('orgadmin@globex.test', 'acme', body)).statusCode).toBe(403);
    expect((await bulk('admin@meridian.test', 'no-such-org', body)).statusCode).toBe(404);
    expect((await activeOf(['bulk0002@acme.test'])).get('bulk0002@acme.test')).toBe(true);
  });

  it('names the field of a selection that is neither, both, or too many', async () => {
    const neither = await bulk('orgadmin@acme.test', 'acme', { active: false });
    expect(neither.statusCode).toBe(400);
    expect(neither.json()).toMatchObject({
      details: [{ param: 'emails', msg: 'Give emails or allMatching, not both.' }],
    });
    const both = await bulk('orgadmin@acme.test', 'acme', { active: false, emails: ['a@acme.test'], allMatching: {} });
    expect(both.json()).toMatchObject({ details: [{ param: 'emails' }] });
    await platform.db.query(
      `INSERT INTO users (email, organization_id, name, password_hash, role, active)
       SELECT 'many' || i || '@acme.test', 'acme', 'Many', 'x', 'orgUser', false FROM generate_series(1, 8900) AS i`,
    );
    const tooMany = await bulk('orgadmin@acme.test', 'acme', { active: true, allMatching: {} });
    expect(tooMany.statusCode).toBe(400);
    const total = (
      await platform.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE organization_id = 'acme'`)
    ).rows[0]!.n;
    expect(tooMany.json()).toMatchObject({ details: [{ param: 'allMatching', msg: bulkTooManyMessage(total) }] });
  });
});
