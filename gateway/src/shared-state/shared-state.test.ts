// Gateway replicas sharing their state through a real Redis (the cluster issue, item 2): one rate limit
// for all of them, a changed user forgotten by every replica at once, and Redis going away degrading
// the service (per-process limits, /readyz says so), never failing a request.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenGateway, startTestGateway, type ListeningGateway, type TestGateway } from '../test-support/gateway.js';
import { startRedis, type RunningRedis } from '../test-support/redis-server.js';

const LIMIT = 30;
let redis: RunningRedis;
let first: TestGateway;
let replicas: { url: string }[];
const others: ListeningGateway[] = [];

beforeAll(async () => {
  redis = await startRedis();
  first = await startTestGateway({ config: { redisUrl: redis.url, rateLimitPerMinute: LIMIT } });
  for (let i = 0; i < 2; i++) others.push(await listenGateway({ ...first.config, logLevel: 'silent' }));
  replicas = [first, ...others];
}, 60_000);

afterAll(async () => {
  for (const replica of others) await replica.close();
  await first?.close();
  await redis?.kill();
});

const post = (url: string, query: string, token: string) =>
  request(url)
    .post('/graphql')
    .set('content-type', 'application/json')
    .set('authorization', `Bearer ${token}`)
    .send({ query });

describe('three gateway replicas over one Redis', () => {
  it('hold one rate limit between them, not one each', async () => {
    const token = await first.tokens.user('orgadmin@globex.test');
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT * 1.5; i++)
      statuses.push((await post(replicas[i % 3]!.url, '{ __typename }', token)).status);
    const allowed = statuses.filter((status) => status === 200).length;
    console.info(`rate limit ${LIMIT}/min across 3 replicas: ${allowed} of ${statuses.length} allowed`);
    expect(allowed).toBeGreaterThanOrEqual(LIMIT * 0.9);
    expect(allowed).toBeLessThanOrEqual(LIMIT * 1.1);
    expect(statuses.slice(-5)).toEqual([429, 429, 429, 429, 429]);
  });

  it('forget a user whose role changed at every replica within a second', async () => {
    const user = await first.tokens.user('user@acme.test');
    const admin = await first.tokens.user('admin@meridian.test');
    const role = async (url: string) => (await post(url, '{ viewer { role } }', user)).body.data.viewer.role as string;
    // Each replica has the user's record cached (30 s).
    for (const replica of replicas) expect(await role(replica.url)).toBe('ORG_USER');
    const changed = await post(
      first.url,
      'mutation { updateUser(organizationId: "acme", email: "user@acme.test", input: { role: ORG_ADMIN }) { user { role } } }',
      admin,
    );
    expect(changed.body.data.updateUser.user.role).toBe('ORG_ADMIN');
    const started = Date.now();
    for (const replica of others) {
      while ((await role(replica.url)) !== 'ORG_ADMIN') {
        expect(Date.now() - started).toBeLessThan(1000);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
    console.info(`role change seen by every replica after ${Date.now() - started} ms`);
  });

  it('keep serving when Redis goes away, each limiting alone, and say they are degraded', async () => {
    await redis.kill();
    const token = await first.tokens.user('viewer@meridian.test');
    for (const replica of replicas) expect((await post(replica.url, '{ viewer { email } }', token)).status).toBe(200);
    const readiness = await request(first.url).get('/readyz');
    expect(readiness.status).toBe(200);
    expect(readiness.body).toMatchObject({ status: 'degraded', checks: { redis: 'degraded', platform: 'ok' } });
  });
});
