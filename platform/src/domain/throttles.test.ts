// Sign-in throttles under guesses sent all at once to one platform (issue 39 §3): each attempt is
// counted in the same step that checks the limit, before the slow check, so however many arrive
// together, at most the limit are checked. throttles.pg.test.ts does the same across two replicas.
import type * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningPlatform } from '../server.js';
import { FIXTURE_PASSWORD } from '../test-support/fixture.js';
import {
  checkedGuesses,
  codeGuessesAtOnce,
  formGuessesAtOnce,
  giveFactors,
  newGuessTarget,
  openSecondStep,
  restGuessesAtOnce,
  tally,
  wrongAppCodes,
  wrongRecoveryCodes,
} from '../test-support/guesses.js';
import { discoverConsole, startSignInPlatform } from '../test-support/sign-in.js';
import { MAX_LOGIN_FAILURES } from './login.js';
import { MAX_CODE_FAILURES_PER_ACCOUNT } from './mfa/throttle.js';

let platform: RunningPlatform;
let closePlatform: (() => Promise<void>) | undefined;
let oidc: client.Configuration;

beforeAll(async () => {
  ({ platform, close: closePlatform } = await startSignInPlatform('throttles', { trustProxy: true }));
  oidc = await discoverConsole(platform);
});

afterAll(() => closePlatform?.());

const target = (email: string) => newGuessTarget(platform.db, email, 'user@acme.test');

describe('passwords guessed all at once', () => {
  it('checks at most five of 200 sent to POST /login; the rest are locked', async () => {
    const email = await target('rest-guesses@acme.test');
    const statuses = await restGuessesAtOnce([platform], email, 200);
    const checked = await checkedGuesses(platform.db, email, 'invalid-credentials');
    console.info(`POST /login, one platform: ${checked} of 200 checked`, tally(statuses));
    expect(checked).toBe(MAX_LOGIN_FAILURES);
    expect(tally(statuses)).toEqual({ 401: MAX_LOGIN_FAILURES, 423: 200 - MAX_LOGIN_FAILURES });
  });

  it('checks at most five of 200 posted to the provider’s sign-in form', async () => {
    const email = await target('form-guesses@acme.test');
    const statuses = await formGuessesAtOnce([platform], oidc, email, 200);
    const checked = await checkedGuesses(platform.db, email, 'invalid-credentials');
    console.info(`sign-in form, one platform: ${checked} of 200 checked`, tally(statuses));
    expect(checked).toBe(MAX_LOGIN_FAILURES);
    expect(tally(statuses)).toEqual({ 401: MAX_LOGIN_FAILURES, 423: 200 - MAX_LOGIN_FAILURES });
  });
});

describe('second-factor codes guessed all at once', () => {
  it('checks at most five of 80 app codes', async () => {
    const email = await target('code-guesses@acme.test');
    const { key } = await giveFactors(platform, email);
    const statuses = await codeGuessesAtOnce([platform], oidc, email, FIXTURE_PASSWORD, await wrongAppCodes(key, 80));
    const checked = await checkedGuesses(platform.db, email, 'invalid-code');
    console.info(`app codes, one platform: ${checked} of 80 checked`, tally(statuses));
    expect(checked).toBe(MAX_CODE_FAILURES_PER_ACCOUNT);
    expect(tally(statuses)).toEqual({ 401: MAX_CODE_FAILURES_PER_ACCOUNT, 423: 80 - MAX_CODE_FAILURES_PER_ACCOUNT });
  });

  it('checks at most five of 80 recovery codes', async () => {
    const email = await target('recovery-guesses@acme.test');
    await giveFactors(platform, email);
    const statuses = await codeGuessesAtOnce([platform], oidc, email, FIXTURE_PASSWORD, wrongRecoveryCodes(80));
    const checked = await checkedGuesses(platform.db, email, 'invalid-code');
    console.info(`recovery codes, one platform: ${checked} of 80 checked`, tally(statuses));
    expect(checked).toBe(MAX_CODE_FAILURES_PER_ACCOUNT);
    expect(tally(statuses)).toEqual({ 401: MAX_CODE_FAILURES_PER_ACCOUNT, 423: 80 - MAX_CODE_FAILURES_PER_ACCOUNT });
  });

  it('spends a recovery code once when ten sign-ins send it at the same moment', async () => {
    const email = await target('recovery-once@acme.test');
    const { codes } = await giveFactors(platform, email);
    const steps = [];
    for (let n = 0; n < 10; n++) steps.push(await openSecondStep([platform], oidc, email, FIXTURE_PASSWORD));
    const statuses = await Promise.all(steps.map((step) => step.post(codes[0]!, platform)));
    expect(statuses.filter((status) => status === 303)).toHaveLength(1);
    const { rows } = await platform.db.query(
      `SELECT 1 FROM audit_events WHERE action = 'mfa.recovery-code-used' AND target_id = $1`,
      [email],
    );
    expect(rows).toHaveLength(1);
  });
});
