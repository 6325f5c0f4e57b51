// Invitations through GraphQL (issue 18): createUser without a password invites, the user's status and
// invitation, the list's status filter, resend and revoke, and the permission the gateway checks first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_INVITED_MESSAGE } from '@meridian/schema';
import { startTestGateway, type TestGateway } from '../../test-support/gateway.js';

type Json = ReturnType<typeof JSON.parse>;

let gateway: TestGateway;
let orgAdmin: string;
let orgUser: string;

beforeAll(async () => {
  gateway = await startTestGateway();
  orgAdmin = await gateway.tokens.user('orgadmin@globex.test');
  orgUser = await gateway.tokens.user('user@globex.test');
});
afterAll(async () => {
  await gateway?.close();
});

async function data(query: string, variables?: Record<string, unknown>, token = orgAdmin): Promise<Json> {
  const { status, body } = await gateway.request(query, variables, token);
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  expect(status).toBe(200);
  return body.data;
}

const INVITE = `mutation($input: CreateUserInput!) { createUser(organizationId: "globex", input: $input) {
  user { email status invitation { sentAt expiresAt expired } } inputErrors { field message } } }`;
const RESEND = `mutation($email: Email!) { resendInvitation(email: $email) {
  invitation { sentAt expiresAt expired } inputErrors { field message } } }`;
const REVOKE = `mutation($email: Email!) { revokeInvitation(email: $email) { ok inputErrors { field message } } }`;

const invite = (email: string) => data(INVITE, { input: { name: 'Gia Invited', email } });

describe('createUser without a password', () => {
  it('invites the user: INVITED with a pending 7-day invitation', async () => {
    const { createUser } = await invite('gia@globex.test');
    expect(createUser.inputErrors).toEqual([]);
    expect(createUser.user).toMatchObject({ email: 'gia@globex.test', status: 'INVITED' });
    const { sentAt, expiresAt, expired } = createUser.user.invitation;
    expect(expired).toBe(false);
    expect(Math.round((Date.parse(expiresAt) - Date.parse(sentAt)) / 86_400_000)).toBe(7);
  });

  it('with a password creates an ACTIVE user, as before', async () => {
    const { createUser } = await data(INVITE, {
      input: { name: 'Pia Password', email: 'pia@globex.test', password: 'a-good-password-1' },
    });
    expect(createUser.user).toEqual({ email: 'pia@globex.test', status: 'ACTIVE', invitation: null });
  });

  it('lists users by status', async () => {
    await invite('listed@globex.test');
    const { users } = await data(`{ users(organizationId: "globex", status: INVITED, limit: 100) {
      rows { email status } pageInfo { total } } }`);
    expect(users.rows.map((row: { email: string }) => row.email)).toContain('listed@globex.test');
    expect(users.rows.every((row: { status: string }) => row.status === 'INVITED')).toBe(true);
    expect(users.pageInfo.total).toBe(users.rows.length);
  });
});

describe('resendInvitation and revokeInvitation', () => {
  it('resends a new invitation, and refuses a user who has a password in inputErrors', async () => {
    await invite('again@globex.test');
    const { resendInvitation } = await data(RESEND, { email: 'again@globex.test' });
    expect(resendInvitation).toMatchObject({ inputErrors: [], invitation: { expired: false } });
    const { resendInvitation: refused } = await data(RESEND, { email: 'user@globex.test' });
    expect(refused).toEqual({ invitation: null, inputErrors: [{ field: null, message: NOT_INVITED_MESSAGE }] });
  });

  it('revokes: the invited user is gone', async () => {
    await invite('gone@globex.test');
    expect((await data(REVOKE, { email: 'gone@globex.test' })).revokeInvitation).toEqual({ ok: true, inputErrors: [] });
    const { users } = await data(
      `{ users(organizationId: "globex", search: "gone@globex.test") { pageInfo { total } } }`,
    );
    expect(users.pageInfo.total).toBe(0);
  });

  it('needs the permission to create users, checked by the gateway before the platform', async () => {
    await invite('guarded@globex.test');
    for (const document of [RESEND, REVOKE]) {
      const { body } = await gateway.request(document, { email: 'guarded@globex.test' }, orgUser);
      expect(body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    }
    const { user } = await data(`{ user(email: "guarded@globex.test") { status } }`);
    expect(user.status).toBe('INVITED');
  });
});
