import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@meridian/schema';
import { consumePasswordToken } from '../domain/password-tokens.js';
import { FIXTURE_PASSWORD } from '../test-support/fixture.js';
import { startTestPlatform, type TestPlatform } from '../test-support/platform.js';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform.close());

const login = (email: string, password: string) =>
  platform.rest.inject({ method: 'POST', url: '/login', payload: { email, password } });

const failTimes = async (email: string, times: number) => {
  for (let i = 0; i < times; i++) expect((await login(email, 'wrong-password-1')).statusCode).toBe(401);
};

describe('POST /login', () => {
  it('answers 200 with the user, whatever the case of the email, without a token', async () => {
    const response = await login('  User@Acme.TEST ', FIXTURE_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      email: 'user@acme.test',
      name: 'Uma Acme',
      role: 'orgUser',
      organizationId: 'acme',
    });
  });

  it('answers 401 in the same words for a wrong password and an unknown email', async () => {
    const wrong = await login('user@globex.test', 'wrong-password-1');
    const unknown = await login('nobody@acme.test', FIXTURE_PASSWORD);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Invalid email or password.' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('refuses a body without a password as a validation error', async () => {
    const response = await platform.rest.inject({
      method: 'POST',
      url: '/login',
      payload: { email: 'user@acme.test' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([{ param: 'password', msg: 'A value is required' }]);
  });

  it('refuses an inactive user with 403 only after a correct password', async () => {
    expect((await login('inactive@acme.test', 'wrong-password-1')).json()).toEqual({
      message: MESSAGES.invalidCredentials,
    });
    const response = await login('inactive@acme.test', FIXTURE_PASSWORD);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: MESSAGES.inactiveUser });
  });

  it('answers an expired password with 403 and a working one-time resetLink', async () => {
    await platform.db.query(
      `UPDATE users SET password_changed_at = now() - interval '100 days' WHERE email = 'orgadmin@globex.test'`,
    );
    const response = await login('orgadmin@globex.test', FIXTURE_PASSWORD);
    expect(response.statusCode).toBe(403);
    const body = response.json();
    expect(body.message).toBe('Your password has expired.');
    const link = new URL(body.resetLink);
    expect(`${link.origin}${link.pathname}`).toBe(`${platform.config.consoleUrl}/create-password`);
    const token = link.searchParams.get('token')!;
    expect(await consumePasswordToken(platform.db, token)).toBe('orgadmin@globex.test');
    expect(await consumePasswordToken(platform.db, token)).toBeNull();
  });

  it('locks an email with 423 after 5 failures in 15 minutes, even for the right password', async () => {
    await failTimes('viewer@meridian.test', 5);
    const response = await login('viewer@meridian.test', FIXTURE_PASSWORD);
    expect(response.statusCode).toBe(423);
    expect(response.json()).toEqual({ message: 'Too many attempts. Try again in 15 minutes.' });
    // Other emails are not affected.
    expect((await login('admin@meridian.test', FIXTURE_PASSWORD)).statusCode).toBe(200);
  });

  it('says how many minutes are left, and lifts the lock once failures leave the window', async () => {
    await platform.db.query(
      `UPDATE login_failures SET failed_at = now() - interval '10 minutes 30 seconds' WHERE email = 'viewer@meridian.test'`,
    );
    expect((await login('viewer@meridian.test', FIXTURE_PASSWORD)).json()).toEqual({
      message: MESSAGES.tooManyAttempts(5),
    });
    await platform.db.query(
      `UPDATE login_failures SET failed_at = now() - interval '16 minutes' WHERE email = 'viewer@meridian.test'`,
    );
    expect((await login('viewer@meridian.test', FIXTURE_PASSWORD)).statusCode).toBe(200);
  });

  it('throttles unknown emails too', async () => {
    await failTimes('Ghost@Nowhere.test', 5);
    expect((await login('ghost@nowhere.test', 'another-guess-2')).statusCode).toBe(423);
  });

  it('clears the failures on success', async () => {
    await failTimes('orgadmin@acme.test', 4);
    expect((await login('orgadmin@acme.test', FIXTURE_PASSWORD)).statusCode).toBe(200);
    await failTimes('orgadmin@acme.test', 4);
    expect((await login('orgadmin@acme.test', FIXTURE_PASSWORD)).statusCode).toBe(200);
  });
});
