// Migrations on a database that already has people, each applied again to rows as they were before it.
// 022: how each came is read from the audit trail (or, for seeded people the trail does not name, from
// their invitation token and identity), and their last sign-in from its 'sign-in' events. 023: the
// title a directory sent becomes the job title.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './database.js';
import { migrate } from './migrate.js';
import { openTestDatabase } from '../test-support/platform.js';

let db: Database;
let drop: () => Promise<void>;

const CREATED = '2026-03-01T10:00:00.000Z';
const event = (action: string, actorKind: string, target: string, at: string) =>
  db.query(
    `INSERT INTO audit_events (occurred_at, actor, actor_kind, action, organization_id, target_type, target_id)
     VALUES ($1, 'someone', $2, $3, 'north', 'user', $4)`,
    [at, actorKind, action, target],
  );

beforeAll(async () => {
  ({ db, drop } = await openTestDatabase());
  await migrate(db);
  // Back to the database before 022: its columns gone, its constraint as it was, not applied yet.
  await db.exec(`
    ALTER TABLE users DROP COLUMN provenance, DROP COLUMN last_sign_in_at;
    ALTER TABLE user_sessions DROP COLUMN end_reason;
    ALTER TABLE mfa_pending DROP CONSTRAINT mfa_pending_stage_check;
    ALTER TABLE mfa_pending ADD CONSTRAINT mfa_pending_stage_check CHECK (stage IN ('verify', 'enroll', 'enrolled', 'done'));
    DELETE FROM schema_migrations WHERE name = '022_people_read.sql';
    INSERT INTO organizations (id, name, licenses, customer_segment) VALUES ('north', 'North', '{}', 'employer');`);
  await db.query(
    `INSERT INTO users (email, name, organization_id, password_hash, sso_subject, created_at)
     SELECT email, email, 'north', hash, subject, $1 FROM (VALUES
       ('console@x.test', 'h', NULL), ('invited@x.test', NULL, NULL), ('sso@x.test', NULL, 'sub-1'),
       ('scim@x.test', NULL, NULL), ('seed-invited@x.test', NULL, NULL), ('seed-sso@x.test', NULL, 'sub-2'),
       ('seed@x.test', 'h', NULL)) AS u(email, hash, subject)`,
    [CREATED],
  );
  await event('user.create', 'user', 'console@x.test', CREATED);
  await event('invitation.send', 'user', 'invited@x.test', CREATED);
  await event('user.create', 'connection', 'sso@x.test', CREATED);
  await event('invitation.send', 'directory', 'scim@x.test', CREATED);
  // A creation of an earlier person of the same email (removed since) is not this one's.
  await event('user.create', 'connection', 'seed@x.test', '2026-01-01T00:00:00.000Z');
  await db.query(
    `INSERT INTO password_tokens (token_hash, email, purpose, expires_at) VALUES ('t1', 'seed-invited@x.test', 'invitation', now())`,
  );
  await event('sign-in', 'user', 'console@x.test', '2026-03-02T08:00:00.000Z');
  await event('sign-in', 'user', 'console@x.test', '2026-03-05T08:00:00.000Z');
  await event('sign-in', 'user', 'seed@x.test', '2026-02-01T08:00:00.000Z');
  expect(await migrate(db)).toEqual(['022_people_read.sql']);
});
afterAll(() => drop());

describe('migration 022 on existing people', () => {
  it('says how each came: from the trail, else from their invitation or identity, else the console', async () => {
    const { rows } = await db.query<{ email: string; provenance: string }>(
      'SELECT email, provenance FROM users ORDER BY email',
    );
    expect(Object.fromEntries(rows.map((row) => [row.email, row.provenance]))).toEqual({
      'console@x.test': 'console',
      'invited@x.test': 'invitation',
      'scim@x.test': 'scim',
      'seed-invited@x.test': 'invitation',
      'seed-sso@x.test': 'sso',
      'seed@x.test': 'console',
      'sso@x.test': 'sso',
    });
  });

  it('takes the last sign-in from the trail, never one from before the person was created', async () => {
    const { rows } = await db.query<{ email: string; last_sign_in_at: Date | null }>(
      `SELECT email, last_sign_in_at FROM users WHERE email IN ('console@x.test', 'seed@x.test', 'sso@x.test') ORDER BY email`,
    );
    expect(rows.map((row) => [row.email, row.last_sign_in_at?.toISOString() ?? null])).toEqual([
      ['console@x.test', '2026-03-05T08:00:00.000Z'],
      ['seed@x.test', null],
      ['sso@x.test', null],
    ]);
  });
});

describe('migration 023 on existing people', () => {
  it('moves the title a directory sent to the job title, trimmed and cut to 128 characters, and keeps the rest', async () => {
    await db.exec(`
      ALTER TABLE users DROP COLUMN job_title;
      DELETE FROM schema_migrations WHERE name = '023_job_title.sql';
      UPDATE users SET scim_attributes = '{"title": " Charge nurse ", "locale": "en-US"}' WHERE email = 'scim@x.test';
      UPDATE users SET scim_attributes = jsonb_build_object('title', repeat('x', 200)) WHERE email = 'sso@x.test';
      UPDATE users SET scim_attributes = '{"title": "  "}' WHERE email = 'seed@x.test';`);
    expect(await migrate(db)).toEqual(['023_job_title.sql']);
    const { rows } = await db.query<{ email: string; job_title: string | null; scim_attributes: object }>(
      `SELECT email, job_title, scim_attributes FROM users WHERE email IN ('scim@x.test', 'sso@x.test', 'seed@x.test', 'console@x.test') ORDER BY email`,
    );
    expect(rows).toEqual([
      { email: 'console@x.test', job_title: null, scim_attributes: {} },
      { email: 'scim@x.test', job_title: 'Charge nurse', scim_attributes: { locale: 'en-US' } },
      { email: 'seed@x.test', job_title: null, scim_attributes: {} },
      { email: 'sso@x.test', job_title: 'x'.repeat(128), scim_attributes: {} },
    ]);
  });
});
