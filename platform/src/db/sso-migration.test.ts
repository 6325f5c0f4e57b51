// Migration 020 (issue 39) on data an older release wrote: email domains lower-cased, each kept once in
// the order given, and people's provider subjects tied to the provider that issued them. Its statements
// are run again, as shipped, over rows written the old way.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './database.js';
import { migrate } from './migrate.js';
import { openTestDatabase } from '../test-support/platform.js';

let db: Database;
let drop: () => Promise<void>;
let sql: string;
beforeAll(async () => {
  ({ db, drop } = await openTestDatabase());
  await migrate(db);
  sql = await readFile(fileURLToPath(new URL('../../migrations/020_sso_hardening.sql', import.meta.url)), 'utf8');
});
afterAll(() => drop());

/** The migration's statement that begins with `start`, as the file has it. */
const statement = (start: string) => {
  const found = new RegExp(`${start}[\\s\\S]*?;\\n`).exec(sql)?.[0];
  if (!found) throw new Error(`migration 020 has no statement starting ${start}`);
  return found;
};

describe('migration 020', () => {
  it('lower-cases every organization’s domains and keeps each once, in the order given', async () => {
    await db.query(
      `INSERT INTO organizations (id, name, licenses, customer_segment, domain) VALUES
         ('shouting', 'Shouting', '{}', 'employer', ARRAY['ACME.test', ' Clinic.Acme.Test ', 'acme.TEST']),
         ('quiet', 'Quiet', '{}', 'employer', ARRAY['quiet.test'])`,
    );
    await db.query(statement('UPDATE organizations o'));
    const { rows } = await db.query<{ id: string; domain: string[] }>(
      `SELECT id, domain FROM organizations WHERE id IN ('shouting', 'quiet') ORDER BY id`,
    );
    expect(rows).toEqual([
      { id: 'quiet', domain: ['quiet.test'] },
      { id: 'shouting', domain: ['acme.test', 'clinic.acme.test'] },
    ]);
  });

  it('ties an existing provider subject to the connection’s issuer', async () => {
    await db.query(
      `INSERT INTO organization_sso (organization_id, protocol, oidc_issuer, oidc_client_id, oidc_client_secret)
       VALUES ('quiet', 'oidc', 'https://login.quiet.test', 'meridian', 'sealed')`,
    );
    await db.query(
      `INSERT INTO users (email, organization_id, name, role, sso_subject) VALUES
         ('linked@quiet.test', 'quiet', 'Linked', 'orgUser', 'sub-1'),
         ('password@quiet.test', 'quiet', 'Password', 'orgUser', NULL)`,
    );
    await db.query(statement('UPDATE users u'));
    const { rows } = await db.query<{ email: string; sso_issuer: string | null }>(
      `SELECT email, sso_issuer FROM users WHERE organization_id = 'quiet' ORDER BY email`,
    );
    expect(rows).toEqual([
      { email: 'linked@quiet.test', sso_issuer: 'https://login.quiet.test' },
      { email: 'password@quiet.test', sso_issuer: null },
    ]);
  });
});
