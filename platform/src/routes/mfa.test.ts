import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashRecoveryCode, newRecoveryCodes } from '../domain/mfa/recovery-codes.js';
import { replaceRecoveryCodes, upsertTotp } from '../stores/mfa.js';
import { startTestPlatform, type TestPlatform } from '../test-support/platform.js';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
  // user@acme.test has an authenticator app (the sealed value is never read here) and ten recovery codes, one used.
  await upsertTotp(platform.db, 'user@acme.test', 'v1.sealed', 0);
  await replaceRecoveryCodes(platform.db, 'user@acme.test', newRecoveryCodes().map(hashRecoveryCode));
  await platform.db.query(
    `UPDATE mfa_recovery_codes SET used_at = now() WHERE ctid = (SELECT ctid FROM mfa_recovery_codes WHERE email = 'user@acme.test' LIMIT 1)`,
  );
  await platform.db.query(
    `INSERT INTO mfa_passkeys (id, email, public_key, counter, device_type, name)
     VALUES ('cred-1', 'user@acme.test', 'AAAA', 0, 'multiDevice', 'Phone')`,
  );
});
afterAll(() => platform.close());

const get = async (email: string, caller: string) =>
  platform.rest.inject({ method: 'GET', url: `/users/${email}/mfa`, headers: await platform.auth(caller) });
const reset = async (email: string, caller: string) =>
  platform.rest.inject({ method: 'POST', url: `/users/${email}/mfa/reset`, headers: await platform.auth(caller) });

describe('GET /users/{email}/mfa', () => {
  it('tells an Org Admin which kinds of factors their user has, never a secret', async () => {
    const response = await get('user@acme.test', 'orgadmin@acme.test');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      enrolled: true,
      kinds: ['totp', 'passkey'],
      passkeyCount: 1,
      recoveryCodesLeft: 9,
    });
  });

  it('lets a person read their own; a user without a factor reads as not enrolled', async () => {
    expect((await get('user@acme.test', 'user@acme.test')).statusCode).toBe(200);
    expect((await get('orgadmin@acme.test', 'admin@meridian.test')).json()).toEqual({
      enrolled: false,
      kinds: [],
      passkeyCount: 0,
      recoveryCodesLeft: 0,
    });
  });

  it('refuses an Org User reading another user, and answers another tenant’s user as missing', async () => {
    expect((await get('orgadmin@acme.test', 'user@acme.test')).statusCode).toBe(403);
    const other = await get('user@globex.test', 'orgadmin@acme.test');
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ message: 'User not found.' });
  });
});

describe('POST /users/{email}/mfa/reset', () => {
  it('refuses an Org User resetting another, and an Org Admin another organization’s user (404)', async () => {
    expect((await reset('orgadmin@acme.test', 'user@acme.test')).statusCode).toBe(403);
    expect((await reset('user@globex.test', 'orgadmin@acme.test')).statusCode).toBe(404);
    expect((await reset('user@acme.test', 'viewer@meridian.test')).statusCode).toBe(403);
    expect((await get('user@acme.test', 'orgadmin@acme.test')).json()).toMatchObject({ enrolled: true });
  });

  it('removes every factor and recovery code of the user, audited as mfa.reset', async () => {
    const response = await reset('user@acme.test', 'orgadmin@acme.test');
    expect(response.statusCode).toBe(204);
    expect((await get('user@acme.test', 'orgadmin@acme.test')).json()).toEqual({
      enrolled: false,
      kinds: [],
      passkeyCount: 0,
      recoveryCodesLeft: 0,
    });
    const { rows } = await platform.db.query(
      `SELECT actor, organization_id, details FROM audit_events WHERE action = 'mfa.reset' AND target_id = 'user@acme.test'`,
    );
    expect(rows).toEqual([{ actor: 'orgadmin@acme.test', organization_id: 'acme', details: { sessionsEnded: 0 } }]);
  });
});
