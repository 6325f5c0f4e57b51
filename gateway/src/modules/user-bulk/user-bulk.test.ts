// Bulk activation through GraphQL against a real platform: one mutation for the whole selection, each
// row's outcome with its reason, the permission checked by the gateway's directive and the platform.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_USER_NOT_FOUND_MESSAGE, MESSAGES, SELF_DEACTIVATE_MESSAGE } from '@meridian/schema';
import { startTestGateway, type TestGateway } from '../../test-support/gateway.js';

let gateway: TestGateway;
beforeAll(async () => {
  gateway = await startTestGateway();
  await gateway.platform.db.query(
    `INSERT INTO users (email, organization_id, name, password_hash, role)
     SELECT 'team' || i || '@acme.test', 'acme', 'Team ' || i, 'x', 'orgUser' FROM generate_series(1, 5) AS i`,
  );
});
afterAll(async () => {
  await gateway?.close();
});

const SET_USERS_ACTIVE = `mutation ($organizationId: ID!, $selection: UserSelectionInput!, $active: Boolean!) {
  setUsersActive(organizationId: $organizationId, selection: $selection, active: $active) {
    changed unchanged refused results { email outcome reason } inputErrors { field message }
  }
}`;

async function setUsersActive(caller: string, variables: Record<string, unknown>) {
  return gateway.request(SET_USERS_ACTIVE, variables, await gateway.tokens.user(caller));
}

describe('setUsersActive', () => {
  it('deactivates the listed users, refusing the caller and a stranger per row', async () => {
    const { body } = await setUsersActive('orgadmin@acme.test', {
      organizationId: 'acme',
      selection: { emails: ['team1@acme.test', 'team2@acme.test', 'orgadmin@acme.test', 'user@globex.test'] },
      active: false,
    });
    expect(body.errors).toBeUndefined();
    expect(body.data?.setUsersActive).toEqual({
      changed: 2,
      unchanged: 0,
      refused: 2,
      results: [
        { email: 'team1@acme.test', outcome: 'CHANGED', reason: null },
        { email: 'team2@acme.test', outcome: 'CHANGED', reason: null },
        { email: 'orgadmin@acme.test', outcome: 'REFUSED', reason: SELF_DEACTIVATE_MESSAGE },
        { email: 'user@globex.test', outcome: 'REFUSED', reason: BULK_USER_NOT_FOUND_MESSAGE },
      ],
      inputErrors: [],
    });
  });

  it('activates every user matching a search without the browser sending their emails', async () => {
    const { body } = await setUsersActive('orgadmin@acme.test', {
      organizationId: 'acme',
      selection: { allMatching: { search: 'team' } },
      active: true,
    });
    expect(body.data?.setUsersActive).toMatchObject({ changed: 2, unchanged: 3, refused: 0 });
    const { rows } = await gateway.platform.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM users WHERE email LIKE 'team%' AND active`,
    );
    expect(rows[0]!.n).toBe(5);
  });

  it('names the selection when it gives neither emails nor allMatching', async () => {
    const { body } = await setUsersActive('orgadmin@acme.test', {
      organizationId: 'acme',
      selection: {},
      active: false,
    });
    expect(body.data?.setUsersActive).toEqual({
      changed: 0,
      unchanged: 0,
      refused: 0,
      results: [],
      inputErrors: [{ field: 'selection.emails', message: 'Give emails or allMatching, not both.' }],
    });
  });

  it('refuses an Org User and another tenant’s administrator before the platform', async () => {
    for (const caller of ['user@acme.test', 'orgadmin@globex.test']) {
      const { body } = await setUsersActive(caller, {
        organizationId: 'acme',
        selection: { allMatching: {} },
        active: false,
      });
      expect(body.data).toBeNull();
      expect(body.errors?.[0]?.message).toBe(MESSAGES.permissionDenied);
    }
    const { rows } = await gateway.platform.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM users WHERE organization_id = 'acme' AND NOT active`,
    );
    expect(rows[0]!.n).toBe(1);
  });
});
