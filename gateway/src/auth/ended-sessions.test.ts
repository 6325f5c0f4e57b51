// A session ended at the platform is refused by the gateway within a second, even for a token it has
// verified and a caller it has cached: `{ __typename }` below makes no platform call at all, so only
// the gateway's own check can refuse it (it follows the platform's feed of ended sessions). Tokens
// come from real sign-ins at the real provider.
import { decodeJwt } from 'jose';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@meridian/schema';
import { FIXTURE_PASSWORD, discoverConsole, signIn } from '@meridian/platform/test-support';
import { gatewayConfigFor, listenGateway, startTestGateway, type TestGateway } from '../test-support/gateway.js';
import { EndedSessions } from './ended-sessions.js';

let gateway: TestGateway;

beforeAll(async () => {
  // The user's record is kept 30 s: only the ended-session check can refuse the request sooner.
  gateway = await startTestGateway({ config: { userCacheTtlMs: 30_000 } });
});
afterAll(async () => {
  await gateway?.close();
});

async function signedIn(email: string) {
  const { tokens } = await signIn(gateway.platform, await discoverConsole(gateway.platform), email);
  return { token: tokens.access_token, sid: decodeJwt(tokens.access_token).sid as string };
}

const ask = (url: string, token: string, query = '{ __typename }') =>
  request(url)
    .post('/graphql')
    .set('content-type', 'application/json')
    .set('authorization', `Bearer ${token}`)
    .send({ query });
const viewer = (url: string, token: string) => ask(url, token, '{ viewer { email } }');

/** Ends session `sid` at the platform, as its owner. */
async function endAtPlatform(token: string, sid: string) {
  const response = await fetch(`${gateway.platform.restUrl}/sessions/${sid}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
}

/**
 * Asks every 25 ms until the gateway refuses the token; answers how long that took. The refusal says why
 * the session ended (`message`): its owner ended it here, unless a test says otherwise.
 */
async function refusedWithin(
  url: string,
  token: string,
  limitMs: number,
  message: string = MESSAGES.signedOutElsewhere,
): Promise<number> {
  const started = Date.now();
  for (;;) {
    const answer = await ask(url, token);
    if (answer.status === 401) {
      expect(answer.body.errors[0]).toMatchObject({
        message,
        extensions: { code: 'UNAUTHENTICATED' },
      });
      expect(answer.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
      return Date.now() - started;
    }
    expect(answer.status).toBe(200);
    if (Date.now() - started > limitMs) throw new Error(`Still accepted after ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('a token of an ended session', () => {
  it('is refused within a second, though the gateway verified it and cached its caller before', async () => {
    // The same token again and again: verified once, then answered from the token and user caches.
    const { token, sid } = await signedIn('user@acme.test');
    for (let i = 0; i < 3; i++)
      expect((await viewer(gateway.url, token)).body.data.viewer.email).toBe('user@acme.test');
    // A gateway without the check (the bench's baseline) shows what the caches alone would do.
    const unchecked = await listenGateway(gatewayConfigFor(gateway.platform, { sessionRevocationCheck: false }));
    try {
      expect((await viewer(unchecked.url, token)).status).toBe(200);

      await endAtPlatform(token, sid);
      expect(await refusedWithin(gateway.url, token, 1000)).toBeLessThan(1000);
      // Without the check, the cached token and caller still answer (anything asking the platform is refused there).
      expect((await ask(unchecked.url, token)).body).toEqual({ data: { __typename: 'Query' } });
    } finally {
      await unchecked.close();
    }
  });

  it('is refused at once by a gateway started after the session ended (the feed is read before serving)', async () => {
    const { token, sid } = await signedIn('orgadmin@acme.test');
    await endAtPlatform(token, sid);
    const later = await listenGateway(gatewayConfigFor(gateway.platform, { sessionRevocationPollMs: 60_000 }));
    try {
      const answer = await ask(later.url, token);
      expect(answer.status).toBe(401);
      expect(answer.body.errors[0].message).toBe(MESSAGES.signedOutElsewhere);
    } finally {
      await later.close();
    }
  });

  it('is refused as deactivated when the session ended with its person’s deactivation (the console says why)', async () => {
    const { token } = await signedIn('user@globex.test');
    expect((await viewer(gateway.url, token)).status).toBe(200);
    const tool = await gateway.tokens.client('meridian-cli', 'systemAdmin', 'meridian');
    const setActive = (active: boolean) =>
      fetch(`${gateway.platform.restUrl}/user`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${tool}`, 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'user@globex.test', active }),
      });
    expect((await setActive(false)).status).toBe(200);
    try {
      const started = Date.now();
      let answer = await ask(gateway.url, token);
      while (answer.status === 200 && Date.now() - started < 1000) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        answer = await ask(gateway.url, token);
      }
      expect(answer.status).toBe(401);
      expect(answer.body.errors[0]).toMatchObject({
        message: MESSAGES.inactiveUser,
        extensions: { code: 'UNAUTHENTICATED' },
      });
    } finally {
      expect((await setActive(true)).status).toBe(200);
    }
  });

  it('is refused as deactivated within a second when an operator offboards the person’s organization', async () => {
    const tool = await gateway.tokens.client('meridian-cli', 'systemAdmin', 'meridian');
    const asTool = (method: string, path: string, body: unknown) =>
      fetch(`${gateway.platform.restUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${tool}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const created = await asTool('POST', '/organization', {
      id: 'tyrell',
      name: 'Tyrell Health',
      domain: ['tyrell.test'],
      primaryContact: { name: 'Eldon', email: 'eldon@tyrell.test' },
      customer_segment: 'employer',
      medicare_licensed: false,
    });
    expect(created.status).toBe(201);
    // Straight to active (the lifecycle's walk is the platform's tests'): its people may now sign in.
    await gateway.platform.db.query(`UPDATE organizations SET status = 'active', active = true WHERE id = 'tyrell'`);
    const person = await asTool('POST', '/user?organizationId=tyrell', {
      email: 'rachael@tyrell.test',
      name: 'Rachael',
      password: FIXTURE_PASSWORD,
      direct_data_access_enabled: true,
    });
    expect(person.status).toBe(201);
    const { token } = await signedIn('rachael@tyrell.test');
    // Verified and cached: `{ __typename }` asks the platform nothing from here on.
    expect((await viewer(gateway.url, token)).body.data.viewer.email).toBe('rachael@tyrell.test');

    const offboarded = await request(gateway.url)
      .post('/graphql')
      .set('content-type', 'application/json')
      .set('authorization', `Bearer ${tool}`)
      .send({
        query: 'mutation { offboardOrganization(id: "tyrell") { organization { status } inputErrors { message } } }',
      });
    expect(offboarded.body.data.offboardOrganization).toEqual({
      organization: { status: 'OFFBOARDING' },
      inputErrors: [],
    });
    const started = Date.now();
    let answer = await ask(gateway.url, token);
    while (answer.status === 200 && Date.now() - started < 1000) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      answer = await ask(gateway.url, token);
    }
    expect(answer.status).toBe(401);
    // What the console tells a deactivated person, so it signs them out saying why.
    expect(answer.body.errors[0]).toMatchObject({
      message: MESSAGES.inactiveUser,
      extensions: { code: 'UNAUTHENTICATED' },
    });

    // Nor does an operator mint the person a new credential: refused in words.
    const minted = await request(gateway.url)
      .post('/graphql')
      .set('content-type', 'application/json')
      .set('authorization', `Bearer ${tool}`)
      .send({
        query: 'mutation { createUserCredential(email: "rachael@tyrell.test") { secret inputErrors { message } } }',
      });
    expect(minted.body.data.createUserCredential.secret).toBeNull();
    expect([
      MESSAGES.credentialOrganizationInactive('Tyrell Health', 'offboarding'),
      MESSAGES.credentialOrganizationInactive('Tyrell Health', 'offboarded'),
    ]).toContain(minted.body.data.createUserCredential.inputErrors[0]?.message);
  });

  it('says an administrator signed the person out, in the platform’s words, never “you signed out elsewhere”', async () => {
    const { token } = await signedIn('user@acme.test');
    expect((await viewer(gateway.url, token)).status).toBe(200);
    const admin = await signedIn('orgadmin@acme.test');
    const response = await fetch(`${gateway.platform.restUrl}/users/user@acme.test/sessions/revoke`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(200);
    await refusedWithin(gateway.url, token, 1000, 'An administrator signed you out.');
    // The console's own session check (viewer) reads the same words.
    const answer = await viewer(gateway.url, token);
    expect(answer.status).toBe(401);
    expect(answer.body.errors[0]).toMatchObject({
      message: MESSAGES.signedOutByAdministrator,
      extensions: { code: 'UNAUTHENTICATED' },
    });
  });

  it('leaves the person’s other sessions working', async () => {
    const ended = await signedIn('user@globex.test');
    const other = await signedIn('user@globex.test');
    await endAtPlatform(ended.token, ended.sid);
    await refusedWithin(gateway.url, ended.token, 1000);
    expect((await viewer(gateway.url, other.token)).status).toBe(200);
  });
});

describe('the list of ended sessions', () => {
  it('forgets a session once its tokens have expired', () => {
    let now = 1_000;
    const sessions = new EndedSessions(() => now);
    sessions.add(['a', 'b'], 500);
    now = 1_200;
    sessions.add(['b'], 500);
    expect(sessions.has('a') && sessions.has('b')).toBe(true);
    now = 1_600;
    sessions.prune();
    expect([sessions.has('a'), sessions.has('b')]).toEqual([false, true]);
  });
});
