import { beforeEach, describe, expect, it } from 'vitest';
import { FETCHED_AT_KEY } from './freshness.js';
import { CACHE_KEY, OWNER_KEY, PERSIST_THROTTLE_MS } from './persistence.js';
import { RECENT_ITEMS_PREFIX, readRecentItems, recordRecentItem } from '../layout/palette/recent-items.js';
import { testApolloSetup, testDocument } from './test-support.js';

interface OrgUsers {
  users: { __typename?: string; rows: { __typename?: string; email: string; name: string; role: string }[] };
}

const OrgUsersQuery = testDocument<OrgUsers, { organizationId: string }>(`
  query PersistenceTestOrgUsers($organizationId: ID!) {
    users(organizationId: $organizationId) {
      rows {
        email
        name
        role
      }
    }
  }
`);

const acmeUsers = () => ({
  users: {
    __typename: 'UserList',
    rows: [{ __typename: 'User', email: 'user@acme.test', name: 'Ada Acme', role: 'ORG_USER' }],
  },
});

const settle = (ms = PERSIST_THROTTLE_MS + 50) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the persisted cache belongs to one user', () => {
  beforeEach(() => localStorage.clear());

  it('persists within the 100 ms throttle and restores for the same user before any request', async () => {
    const first = testApolloSetup({ PersistenceTestOrgUsers: acmeUsers });
    await first.setup.restoreFor('user@acme.test');
    await first.setup.client.query({ query: OrgUsersQuery, variables: { organizationId: 'acme' } });
    expect(localStorage.getItem(CACHE_KEY)).toBeNull();
    await settle();
    expect(localStorage.getItem(CACHE_KEY)).toContain('Ada Acme');
    expect(localStorage.getItem(OWNER_KEY)).toBe('user@acme.test');

    // A reload: a new client on the same storage, restored before the first render.
    const reload = testApolloSetup({ PersistenceTestOrgUsers: acmeUsers });
    await reload.setup.restoreFor('USER@acme.test');
    const cached = reload.setup.client.readQuery({ query: OrgUsersQuery, variables: { organizationId: 'acme' } });
    expect(cached?.users.rows[0]?.name).toBe('Ada Acme');
    expect(reload.gateway.sent).toHaveLength(0);
  });

  it('saves during a stream of writes more frequent than the throttle (a debounce would wait for a pause)', async () => {
    const { setup } = testApolloSetup({ PersistenceTestOrgUsers: acmeUsers });
    await setup.restoreFor('user@acme.test');
    const started = Date.now();
    let written = 0;
    // A write every 20 ms for 400 ms; the cache must be on disk well before the writes stop.
    let savedWhileWriting = false;
    while (Date.now() - started < 400) {
      setup.client.writeQuery({
        query: OrgUsersQuery,
        variables: { organizationId: 'acme' },
        data: {
          users: {
            __typename: 'UserList',
            rows: [{ __typename: 'User', email: 'user@acme.test', name: `Ada ${written++}`, role: 'ORG_USER' }],
          },
        },
      });
      await settle(20);
      if (localStorage.getItem(CACHE_KEY)?.includes('Ada ')) savedWhileWriting = true;
    }
    expect(savedWhileWriting).toBe(true);
    await settle();
    expect(localStorage.getItem(CACHE_KEY)).toContain(`Ada ${written - 1}`);
  });

  it('purges user A entirely when user B signs in: nothing of A readable, nothing of A stored', async () => {
    const { setup } = testApolloSetup({ PersistenceTestOrgUsers: acmeUsers });
    await setup.restoreFor('user@acme.test');
    await setup.client.query({ query: OrgUsersQuery, variables: { organizationId: 'acme' } });
    await settle();
    expect(localStorage.getItem(CACHE_KEY)).toContain('user@acme.test');

    expect(await setup.switchUser('user@globex.test')).toBe(true);

    expect(setup.client.readQuery({ query: OrgUsersQuery, variables: { organizationId: 'acme' } })).toBeNull();
    expect(setup.cache.extract()).toEqual({});
    expect(localStorage.getItem(CACHE_KEY)).toBeNull();
    expect(localStorage.getItem(FETCHED_AT_KEY)).toBeNull();
    expect(localStorage.getItem(OWNER_KEY)).toBe('user@globex.test');
    // B's own data is persisted under B from now on.
    setup.cache.writeQuery({
      query: OrgUsersQuery,
      variables: { organizationId: 'globex' },
      data: {
        users: {
          __typename: 'UserList',
          rows: [{ __typename: 'User', email: 'user@globex.test', name: 'Gus Globex', role: 'ORG_USER' }],
        },
      },
    });
    await settle();
    const stored = localStorage.getItem(CACHE_KEY) ?? '';
    expect(stored).toContain('Gus Globex');
    expect(stored).not.toContain('acme');
  });

  it('does not purge when the same user is loaded again', async () => {
    const { setup } = testApolloSetup({ PersistenceTestOrgUsers: acmeUsers });
    await setup.restoreFor('user@acme.test');
    await setup.client.query({ query: OrgUsersQuery, variables: { organizationId: 'acme' } });
    expect(await setup.switchUser('user@acme.test')).toBe(false);
    expect(setup.client.readQuery({ query: OrgUsersQuery, variables: { organizationId: 'acme' } })).not.toBeNull();
  });

  it("never restores another user's cache at start-up, and drops it", async () => {
    const a = testApolloSetup({ PersistenceTestOrgUsers: acmeUsers });
    await a.setup.restoreFor('user@acme.test');
    await a.setup.client.query({ query: OrgUsersQuery, variables: { organizationId: 'acme' } });
    await a.setup.persistence.flush();

    const b = testApolloSetup({});
    await b.setup.restoreFor('user@globex.test');
    expect(b.setup.client.readQuery({ query: OrgUsersQuery, variables: { organizationId: 'acme' } })).toBeNull();
    expect(localStorage.getItem(CACHE_KEY)).toBeNull();
    expect(localStorage.getItem(OWNER_KEY)).toBe('user@globex.test');
  });

  it('leaves nothing behind when nobody is signed in at start-up', async () => {
    const a = testApolloSetup({ PersistenceTestOrgUsers: acmeUsers });
    await a.setup.restoreFor('user@acme.test');
    await a.setup.client.query({ query: OrgUsersQuery, variables: { organizationId: 'acme' } });
    await a.setup.persistence.flush();

    const anonymous = testApolloSetup({});
    await anonymous.setup.restoreFor(null);
    expect(localStorage.getItem(CACHE_KEY)).toBeNull();
    expect(localStorage.getItem(OWNER_KEY)).toBeNull();
  });

  it('purges memory and storage on sign-out, and stops persisting', async () => {
    const { setup } = testApolloSetup({ PersistenceTestOrgUsers: acmeUsers });
    await setup.restoreFor('user@acme.test');
    await setup.client.query({ query: OrgUsersQuery, variables: { organizationId: 'acme' } });
    await settle();

    localStorage.setItem('meridian.sandbox.user@acme.test.tabs', '[{"query":"{ viewer { email } }"}]');
    recordRecentItem('user@acme.test', {
      kind: 'organization',
      label: 'Acme Health',
      to: '/admin/org-management/acme',
    });
    expect(readRecentItems('user@acme.test')).toHaveLength(1);
    await setup.purge();
    // So do the command palette's recent items: the next user of the browser never sees them.
    expect(readRecentItems('user@acme.test')).toEqual([]);
    expect(Object.keys(localStorage).filter((key) => key.startsWith(RECENT_ITEMS_PREFIX))).toEqual([]);
    expect(setup.cache.extract()).toEqual({});
    // The sandbox's saved queries and tabs go too.
    expect(localStorage.getItem('meridian.sandbox.user@acme.test.tabs')).toBeNull();
    expect(localStorage.getItem(CACHE_KEY)).toBeNull();
    expect(localStorage.getItem(OWNER_KEY)).toBeNull();
    expect(localStorage.getItem(FETCHED_AT_KEY)).toBeNull();

    // A write racing the sign-out (a late answer) is not persisted for the next person.
    setup.cache.writeQuery({ query: OrgUsersQuery, variables: { organizationId: 'acme' }, data: acmeUsers() });
    await settle();
    expect(localStorage.getItem(CACHE_KEY)).toBeNull();
  });
});

describe('sign-in security is kept in memory only', () => {
  beforeEach(() => localStorage.clear());

  interface UserSecurity {
    user: {
      __typename?: string;
      email: string;
      name: string;
      mfa: { __typename?: string; enrolled: boolean; kinds: string[] };
      sessions: { __typename?: string; id: string; ipAddress: string; userAgent: string; current: boolean }[];
    };
  }
  const UserSecurityQuery = testDocument<UserSecurity, { email: string }>(`
    query PersistenceTestUserSecurity($email: Email!) {
      user(email: $email) {
        email
        name
        mfa {
          enrolled
          kinds
        }
        sessions {
          id
          ipAddress
          userAgent
          current
        }
      }
    }
  `);
  const answer = () => ({
    user: {
      __typename: 'User',
      email: 'user@acme.test',
      name: 'Ada Acme',
      mfa: { __typename: 'SecondFactors', enrolled: true, kinds: ['TOTP'] },
      sessions: [
        {
          __typename: 'SignInSession',
          id: 'sid-1',
          ipAddress: '203.0.113.7',
          userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0',
          current: true,
        },
      ],
    },
  });

  it('persists the user but not their sessions (addresses, browsers) nor their second factors', async () => {
    const { setup } = testApolloSetup({ PersistenceTestUserSecurity: answer });
    await setup.restoreFor('user@acme.test');
    const read = await setup.client.query({ query: UserSecurityQuery, variables: { email: 'user@acme.test' } });
    // In memory the page has them, the session embedded in its user's list.
    expect(read.data?.user.sessions[0]?.ipAddress).toBe('203.0.113.7');
    expect(Object.keys(setup.cache.extract())).not.toContain('SignInSession:sid-1');
    await settle();
    const stored = localStorage.getItem(CACHE_KEY) ?? '';
    expect(stored).toContain('Ada Acme');
    expect(stored).not.toContain('203.0.113.7');
    expect(stored).not.toContain('Firefox');
    expect(stored).not.toContain('sid-1');
    expect(stored).not.toContain('enrolled');

    // After a reload they are asked for again rather than shown from storage.
    const reload = testApolloSetup({ PersistenceTestUserSecurity: answer });
    await reload.setup.restoreFor('user@acme.test');
    expect(
      reload.setup.client.readQuery({ query: UserSecurityQuery, variables: { email: 'user@acme.test' } }),
    ).toBeNull();
  });
});
