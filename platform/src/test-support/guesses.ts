import type * as client from 'openid-client';
import { generate, generateSecret } from 'otplib';
import type { Queryable } from '../db/database.js';
import { hashRecoveryCode, newRecoveryCodes } from '../domain/mfa/recovery-codes.js';
import { sealedIn, sealedSecrets } from '../domain/secrets/sealed-secrets.js';
import type { RunningPlatform } from '../server.js';
import { replaceRecoveryCodes, upsertTotp } from '../stores/mfa.js';
import { Browser, formAction, formBody, isSecondStep, openSignIn, submitSignIn } from './sign-in.js';

// Guesses sent all at once, spread over one or more replicas of one database, and how many of them the
// platform actually checked (issue 39 §3): the throttle tests of PGlite and of two PostgreSQL replicas.

/**
 * A browser of its own address (X-Forwarded-For, read when the platform trusts one proxy), so that one
 * test's wrong codes never lock the address another test's come from.
 */
let lastAddress = 0;
class AddressedBrowser extends Browser {
  readonly address = `203.0.113.${++lastAddress}`;
  override fetch(url: string | URL, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set('x-forwarded-for', this.address);
    return super.fetch(url, { ...init, headers });
  }
}

/** The replica a guess goes to: each in turn. */
const replicaOf = (replicas: readonly RunningPlatform[], index: number) => replicas[index % replicas.length]!;

/** A new active Org User of `passwordOf`'s organization, with their password (the hash copied). */
export async function newGuessTarget(db: Queryable, email: string, passwordOf: string): Promise<string> {
  await db.query(
    `INSERT INTO users (email, organization_id, name, password_hash, role, active)
     SELECT $1, organization_id, 'Guess Target', password_hash, 'orgUser', true FROM users WHERE email = $2`,
    [email, passwordOf],
  );
  return email;
}

/** Gives `email` an authenticator app and ten recovery codes; answers the app's key and the codes. */
export async function giveFactors(platform: RunningPlatform, email: string): Promise<{ key: string; codes: string[] }> {
  const key = generateSecret();
  const sealed = await sealedSecrets(platform.config.mfaEncryptionKeys).seal('totp', sealedIn.totp(email), key);
  await upsertTotp(platform.db, email, sealed, 0);
  const codes = newRecoveryCodes();
  await replaceRecoveryCodes(platform.db, email, codes.map(hashRecoveryCode));
  return { key, codes };
}

/** `count` wrong passwords for `email` posted at once to POST /login; answers their statuses. */
export function restGuessesAtOnce(replicas: readonly RunningPlatform[], email: string, count: number) {
  return Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const response = await fetch(`${replicaOf(replicas, index).restUrl}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: `wrong-guess-${index}` }),
      });
      await response.arrayBuffer();
      return response.status;
    }),
  );
}

/** A request of one browser to any replica: the path of `url` (an issuer URL) at that replica's provider. */
const atReplica = (url: URL, replica: RunningPlatform) => new URL(`${url.pathname}${url.search}`, replica.oidcUrl);

/**
 * `count` wrong passwords for `email` posted at once to the provider's sign-in form, all into one
 * sign-in opened at the first replica (a wrong password leaves it open); answers their statuses.
 */
export async function formGuessesAtOnce(
  replicas: readonly RunningPlatform[],
  oidc: client.Configuration,
  email: string,
  count: number,
) {
  const browser = new AddressedBrowser();
  const { response, landed } = await openSignIn(replicas[0]!, oidc, browser);
  const action = new URL(formAction(await response.text())!, landed);
  return Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const answer = await browser.fetch(
        atReplica(action, replicaOf(replicas, index)),
        formBody({ email, password: `wrong-guess-${index}` }),
      );
      await answer.arrayBuffer();
      return answer.status;
    }),
  );
}

/** A browser at the second step of `email`'s sign-in (right password at the first replica), and its code form. */
export async function openSecondStep(
  replicas: readonly RunningPlatform[],
  oidc: client.Configuration,
  email: string,
  password: string,
) {
  const browser = new AddressedBrowser();
  const { response, landed } = await openSignIn(replicas[0]!, oidc, browser);
  const done = await submitSignIn(replicas[0]!, browser, await response.text(), landed, email, password);
  if (!isSecondStep(done.url)) throw new Error(`The password of ${email} led to ${done.url.href}`);
  const action = new URL(formAction(await done.response.text())!, done.url);
  /** Posts `code` at `replica`: answers the status (303 when the code signed in). */
  const post = async (code: string, replica: RunningPlatform) => {
    const answer = await browser.fetch(atReplica(action, replica), formBody({ code }));
    await answer.arrayBuffer();
    return answer.status;
  };
  return { post };
}

/** `codes` posted at once to one second step of `email`, spread over the replicas; answers their statuses. */
export async function codeGuessesAtOnce(
  replicas: readonly RunningPlatform[],
  oidc: client.Configuration,
  email: string,
  password: string,
  codes: readonly string[],
) {
  const step = await openSecondStep(replicas, oidc, email, password);
  return Promise.all(codes.map((code, index) => step.post(code, replicaOf(replicas, index))));
}

/** `count` six-digit codes that `key`'s app does not show around now (so every one is wrong). */
export async function wrongAppCodes(key: string, count: number): Promise<string[]> {
  const now = Math.floor(Date.now() / 1000);
  const right = new Set(
    await Promise.all([-2, -1, 0, 1, 2].map((step) => generate({ secret: key, epoch: now + step * 30 }))),
  );
  const codes: string[] = [];
  for (let n = 100_000; codes.length < count; n += 7_919) if (!right.has(String(n))) codes.push(String(n));
  return codes;
}

/** `count` recovery codes of the right form that are nobody's. */
export const wrongRecoveryCodes = (count: number) =>
  Array.from({ length: Math.ceil(count / 10) }, () => newRecoveryCodes())
    .flat()
    .slice(0, count);

/**
 * How many guesses for `email` were checked: the wrong passwords (`invalid-credentials`) or wrong
 * codes (`invalid-code`) the platform verified, each of which leaves one sign-in.failed event.
 */
export async function checkedGuesses(
  db: Queryable,
  email: string,
  reason: 'invalid-credentials' | 'invalid-code',
): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM audit_events
      WHERE action = 'sign-in.failed' AND target_id = $1 AND details->>'reason' = $2`,
    [email, reason],
  );
  return rows[0]!.n;
}

/** How many times each status was answered, e.g. { 401: 5, 423: 195 }. */
export const tally = (statuses: readonly number[]) =>
  statuses.reduce<Record<number, number>>((counts, status) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {});
