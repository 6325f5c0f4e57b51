// The gateway asks the platform to count seats (include=licenses_used) only when a query selects seat
// usage: watched at the platform's door, through a relay that records each call it passes on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../../test-support/gateway.js';
import { watchedGateway, type WatchedGateway } from '../../test-support/watched-gateway.js';

let gateway: TestGateway;
let watched: WatchedGateway;
let tool: string;

beforeAll(async () => {
  gateway = await startTestGateway();
  tool = await gateway.tokens.client('meridian-cli', 'systemAdmin', 'meridian');
  watched = await watchedGateway(gateway);
});

afterAll(async () => {
  await watched?.close();
  await gateway?.close();
});

/** Runs a document as the tool on the watched gateway: its data, and the organization calls it made. */
async function run(query: string) {
  watched.calls.length = 0;
  const response = await fetch(`${watched.gateway.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${tool}` },
    body: JSON.stringify({ query }),
  });
  const body = (await response.json()) as { data?: Record<string, unknown>; errors?: unknown };
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return { data: body.data!, calls: watched.calls.filter((call) => call.startsWith('GET /organization')) };
}

describe('seat usage from the platform', () => {
  it('is not asked for when the query selects none: organization(id) { id name }', async () => {
    const { data, calls } = await run('{ organization(id: "acme") { id name } }');
    expect(data).toEqual({ organization: { id: 'acme', name: expect.any(String) } });
    expect(calls).toEqual(['GET /organization/acme']);
  });

  it('is not asked for when licenses are selected without usage', async () => {
    const { data, calls } = await run(
      '{ organization(id: "acme") { licenses { userLimit tableauUserLicenses { explorerCount viewerCount } } } }',
    );
    expect(data.organization).toMatchObject({ licenses: { userLimit: expect.any(Number) } });
    expect(calls).toEqual(['GET /organization/acme']);
  });

  it('is asked for in the one read when a seat field is selected, through fragments too', async () => {
    // The second run takes the prepared path (graphql-jit's resolve info): the same calls.
    for (let round = 0; round < 2; round += 1) {
      const direct = await run('{ organization(id: "acme") { id licenses { activeUsers } } }');
      expect(direct.calls).toEqual(['GET /organization/acme?include=licenses_used']);
      // Two active users (the inactive one does not count), one Explorer and one Viewer seat in use.
      expect(direct.data.organization).toEqual({ id: 'acme', licenses: { activeUsers: 2 } });
      const plain = await run('{ organization(id: "acme") { id name } }');
      expect(plain.calls).toEqual(['GET /organization/acme']);
    }

    const viaFragments = await run(`{ organization(id: "acme") { ...Seats } }
      fragment Seats on Organization { licenses { ... on Licenses { tableauUserLicenses { explorerUsed viewerUsed } } } }`);
    expect(viaFragments.calls).toEqual(['GET /organization/acme?include=licenses_used']);
    expect(viaFragments.data.organization).toEqual({
      licenses: { tableauUserLicenses: { explorerUsed: 1, viewerUsed: 1 } },
    });
  });

  it('answers two selections of one organization in one request, each as asked', async () => {
    const { data, calls } = await run(`{
      plain: organization(id: "acme") { id name }
      seats: organization(id: "acme") { id licenses { activeUsers tableauUserLicenses { viewerUsed } } }
      again: organization(id: "acme") { name }
    }`);
    expect(data).toEqual({
      plain: { id: 'acme', name: expect.any(String) },
      seats: { id: 'acme', licenses: { activeUsers: 2, tableauUserLicenses: { viewerUsed: 1 } } },
      again: { name: (data.plain as { name: string }).name },
    });
    // Each question once: the plain read serves both selections without usage.
    expect([...calls].sort()).toEqual(['GET /organization/acme', 'GET /organization/acme?include=licenses_used']);
  });

  it('follows the same rule for the organizations list', async () => {
    const plain = await run('{ organizations(search: "acme") { rows { id name } } }');
    expect(plain.calls).toHaveLength(1);
    expect(plain.calls[0]).not.toContain('include=');

    const seats = await run('{ organizations(search: "acme") { rows { id licenses { activeUsers } } } }');
    expect(seats.calls).toHaveLength(1);
    expect(seats.calls[0]).toContain('include=licenses_used');
    expect(seats.data.organizations).toEqual({ rows: [{ id: 'acme', licenses: { activeUsers: 2 } }] });
  });
});
