import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from '../test-support/platform.js';
import { expectScimError, issueScimToken, scimClient } from '../test-support/scim-client.js';

/**
 * A SCIM token's request budget (SCIM_RATE_LIMIT_PER_MINUTE): here 6 a minute, so bursts of 3 and one
 * request back every 10 s. The budget lives in the token's row, so every platform replica spends the
 * same one; time passing is simulated by moving the budget's clock back, not by waiting.
 */
describe('a SCIM token’s request budget', () => {
  let platform: TestPlatform;

  beforeAll(async () => {
    platform = await startTestPlatform({ scimRateLimitPerMinute: 6 });
    // Globex gets 100 people, for a list that answers many.
    await platform.db.query(
      `INSERT INTO users (email, organization_id, name, password_hash, role)
       SELECT 'person' || n || '@globex.test', 'globex', 'Person ' || n, 'x', 'orgUser' FROM generate_series(1, 100) n`,
    );
  });
  afterAll(() => platform?.close());

  const discovery = (token: string) => scimClient(platform, token).get('/ServiceProviderConfig');
  const later = (tokenId: string, seconds: number) =>
    platform.db.query(`UPDATE scim_tokens SET budget_at = budget_at - make_interval(secs => $2) WHERE id = $1`, [
      tokenId,
      seconds,
    ]);

  it('refuses the request after a burst with 429, a Retry-After and the limit in words; nothing refused is spent', async () => {
    const { id, token } = await issueScimToken(platform, 'acme');
    for (let n = 0; n < 3; n++) expect((await discovery(token)).statusCode).toBe(200);
    const refused = await discovery(token);
    const error = expectScimError(refused, 429);
    expect(error.detail).toMatch(/at most 6 a minute/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(10);
    // Refusals cost nothing: ten seconds later exactly one request is back, however many were refused.
    for (let n = 0; n < 5; n++) expectScimError(await discovery(token), 429);
    await later(id, 10.5);
    expect((await discovery(token)).statusCode).toBe(200);
    expectScimError(await discovery(token), 429);
  });

  it('charges a list for the people it answers: 100 people cost what 3 requests do', async () => {
    const { token } = await issueScimToken(platform, 'globex');
    const listed = await scimClient(platform, token).get('/Users?count=100');
    expect(listed.statusCode).toBe(200);
    expect(listed.json<{ Resources: unknown[] }>().Resources).toHaveLength(100);
    expectScimError(await discovery(token), 429);
  });

  it('keeps each token’s budget its own', async () => {
    const spent = await issueScimToken(platform, 'acme', 'Spent');
    for (let n = 0; n < 3; n++) await discovery(spent.token);
    expectScimError(await discovery(spent.token), 429);
    const other = await issueScimToken(platform, 'acme', 'Other');
    expect((await discovery(other.token)).statusCode).toBe(200);
  });
});
