// The command palette's search through the gateway (issue 18): each role finds what its lists would
// show it and nothing more. Real platform (PGlite), real signed tokens.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, SEARCH_LIMIT_MESSAGE, SEARCH_TEXT_MESSAGE } from '@meridian/schema';
import { startTestGateway, type TestGateway } from '../../test-support/gateway.js';

const SEARCH = `query($text: String!, $limit: Int) {
  search(text: $text, limit: $limit) { organizations { id name } users { email name organizationId } }
}`;

interface Hits {
  organizations: { id: string; name: string }[];
  users: { email: string; name: string; organizationId: string }[];
}

let gateway: TestGateway;

beforeAll(async () => {
  gateway = await startTestGateway();
});

afterAll(async () => {
  await gateway?.close();
});

async function search(email: string, text: string, limit?: number) {
  const token = await gateway.tokens.user(email);
  return gateway.request(SEARCH, { text, ...(limit === undefined ? {} : { limit }) }, token);
}

/** The hits of a search the caller may make; fails on any error. */
async function hits(email: string, text: string, limit?: number): Promise<Hits> {
  const { body } = await search(email, text, limit);
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return (body.data as { search: Hits }).search;
}

const emails = (found: Hits) => found.users.map((user) => user.email);

describe('system roles search every organization', () => {
  it('finds an organization by name and its users by email, sorted by name', async () => {
    const found = await hits('admin@meridian.test', 'Acme');
    expect(found.organizations).toEqual([{ id: 'acme', name: 'Acme Health' }]);
    // Ian Inactive, Olive Acme, Uma Acme: every user whose email or name says acme, by name.
    expect(found.users.map((user) => user.name)).toEqual(['Ian Inactive', 'Olive Acme', 'Uma Acme']);
  });

  it('finds an organization by its id and a user of another organization (System Viewer)', async () => {
    expect((await hits('viewer@meridian.test', 'initech')).organizations).toEqual([
      { id: 'initech', name: 'Initech Clinics' },
    ]);
    expect(emails(await hits('viewer@meridian.test', 'Gia'))).toEqual(['user@globex.test']);
  });

  it('answers at most `limit` of each kind', async () => {
    const found = await hits('admin@meridian.test', '.test', 2);
    expect(found.users).toHaveLength(2);
  });
});

describe('an Org Admin searches only their own organization', () => {
  it('finds their own organization and its users', async () => {
    const found = await hits('orgadmin@acme.test', 'acme');
    expect(found.organizations).toEqual([{ id: 'acme', name: 'Acme Health' }]);
    expect(emails(found).sort()).toEqual(['inactive@acme.test', 'orgadmin@acme.test', 'user@acme.test']);
  });

  it('never finds another tenant or its users, even by a text every email holds', async () => {
    const globex = await hits('orgadmin@acme.test', 'Globex');
    expect(globex).toEqual({ organizations: [], users: [] });
    const everyone = await hits('orgadmin@acme.test', '.test');
    expect(new Set(everyone.users.map((user) => user.organizationId))).toEqual(new Set(['acme']));
    expect(everyone.organizations).toEqual([]);
  });
});

describe('refusals', () => {
  it('refuses an Org User, who may read neither organizations nor users', async () => {
    const { body } = await search('user@acme.test', 'acme');
    expect(body.data).toBeNull();
    expect(body.errors?.[0]).toMatchObject({
      message: MESSAGES.permissionDenied,
      path: ['search'],
      extensions: { code: 'FORBIDDEN' },
    });
  });

  it('refuses a text too short or too long and a limit out of range, naming the argument', async () => {
    for (const [text, limit, field, message] of [
      [' a ', undefined, 'text', SEARCH_TEXT_MESSAGE],
      ['x'.repeat(201), undefined, 'text', SEARCH_TEXT_MESSAGE],
      ['acme', 21, 'limit', SEARCH_LIMIT_MESSAGE],
    ] as const) {
      const { body } = await search('admin@meridian.test', text, limit);
      expect(body.errors?.[0], `${field} ${String(limit)}`).toMatchObject({
        message,
        extensions: { code: 'BAD_USER_INPUT', inputErrors: [{ field, message }] },
      });
    }
  });
});
