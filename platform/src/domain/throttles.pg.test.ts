// Sign-in throttles across two platform replicas sharing one PostgreSQL database (issue 39 §3): guesses
// for one account sent all at once, half to each replica, are counted in the database in the step that
// checks the limit, so at most the limit are checked in all. PostgreSQL pass only (*.pg.test.ts).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatform, type RunningPlatform } from '../server.js';
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
import { createPostgresDatabase, testConfig } from '../test-support/platform.js';
import { startProxy } from '../test-support/proxy.js';
import { discoverConsole } from '../test-support/sign-in.js';
import { MAX_LOGIN_FAILURES } from './login.js';
import { MAX_CODE_FAILURES_PER_ACCOUNT } from './mfa/throttle.js';

const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) throw new Error('throttles.pg.test.ts needs TEST_DATABASE_URL (a PostgreSQL server).');

let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
let proxy: Awaited<ReturnType<typeof startProxy>>;
let dataDir: string;
let replicas: RunningPlatform[] = [];
let oidc: client.Configuration;
let password: string;

beforeAll(async () => {
  database = await createPostgresDatabase(adminUrl);
  proxy = await startProxy();
  dataDir = await mkdtemp(path.join(tmpdir(), 'meridian-throttles-'));
  const config = testConfig({
    databaseUrl: database.url,
    host: '127.0.0.1',
    restPort: 0,
    oidcPort: 0,
    issuer: proxy.url,
  });
  // As in deployment: one issuer in front (the proxy, nginx's part), each replica its own DATA_DIR.
  replicas = await Promise.all(
    [0, 1].map((index) =>
      startPlatform(
        { ...config, dataDir: path.join(dataDir, `replica-${index}`) },
        { logger: false, keepIssuer: true, trustProxy: true },
      ),
    ),
  );
  proxy.route(replicas[0]!.oidcUrl);
  oidc = await discoverConsole(replicas[0]!);
  password = replicas[0]!.config.seedPassword;
});

afterAll(async () => {
  for (const replica of replicas) await replica.close();
  await proxy?.close();
  await database?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

const db = () => replicas[0]!.db;
const target = (email: string) => newGuessTarget(db(), email, 'user@acme.test');

describe('passwords guessed all at once at two replicas', () => {
  it('checks at most five of 200 sent to POST /login, half at each', async () => {
    const email = await target('rest-guesses@acme.test');
    const statuses = await restGuessesAtOnce(replicas, email, 200);
    const checked = await checkedGuesses(db(), email, 'invalid-credentials');
    console.info(`POST /login, two replicas: ${checked} of 200 checked`, tally(statuses));
    expect(checked).toBe(MAX_LOGIN_FAILURES);
    expect(tally(statuses)).toEqual({ 401: MAX_LOGIN_FAILURES, 423: 200 - MAX_LOGIN_FAILURES });
  });

  it('checks at most five of 200 posted to the provider’s sign-in form, half at each', async () => {
    const email = await target('form-guesses@acme.test');
    const statuses = await formGuessesAtOnce(replicas, oidc, email, 200);
    const checked = await checkedGuesses(db(), email, 'invalid-credentials');
    console.info(`sign-in form, two replicas: ${checked} of 200 checked`, tally(statuses));
    expect(checked).toBe(MAX_LOGIN_FAILURES);
    expect(tally(statuses)).toEqual({ 401: MAX_LOGIN_FAILURES, 423: 200 - MAX_LOGIN_FAILURES });
  });
});

describe('second-factor codes guessed all at once at two replicas', () => {
  it('checks at most five of 80 app codes', async () => {
    const email = await target('code-guesses@acme.test');
    const { key } = await giveFactors(replicas[0]!, email);
    const statuses = await codeGuessesAtOnce(replicas, oidc, email, password, await wrongAppCodes(key, 80));
    const checked = await checkedGuesses(db(), email, 'invalid-code');
    console.info(`app codes, two replicas: ${checked} of 80 checked`, tally(statuses));
    expect(checked).toBe(MAX_CODE_FAILURES_PER_ACCOUNT);
    expect(tally(statuses)).toEqual({ 401: MAX_CODE_FAILURES_PER_ACCOUNT, 423: 80 - MAX_CODE_FAILURES_PER_ACCOUNT });
  });

  it('checks at most five of 80 recovery codes', async () => {
    const email = await target('recovery-guesses@acme.test');
    await giveFactors(replicas[0]!, email);
    const statuses = await codeGuessesAtOnce(replicas, oidc, email, password, wrongRecoveryCodes(80));
    const checked = await checkedGuesses(db(), email, 'invalid-code');
    console.info(`recovery codes, two replicas: ${checked} of 80 checked`, tally(statuses));
    expect(checked).toBe(MAX_CODE_FAILURES_PER_ACCOUNT);
    expect(tally(statuses)).toEqual({ 401: MAX_CODE_FAILURES_PER_ACCOUNT, 423: 80 - MAX_CODE_FAILURES_PER_ACCOUNT });
  });

  it('spends a recovery code once when ten sign-ins send it at the same moment to both replicas', async () => {
    const email = await target('recovery-once@acme.test');
    const { codes } = await giveFactors(replicas[0]!, email);
    const steps = [];
    for (let n = 0; n < 10; n++) steps.push(await openSecondStep(replicas, oidc, email, password));
    const statuses = await Promise.all(steps.map((step, index) => step.post(codes[0]!, replicas[index % 2]!)));
    expect(statuses.filter((status) => status === 303)).toHaveLength(1);
    const { rows } = await db().query(
      `SELECT 1 FROM audit_events WHERE action = 'mfa.recovery-code-used' AND target_id = $1`,
      [email],
    );
    expect(rows).toHaveLength(1);
  });
});
