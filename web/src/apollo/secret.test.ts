import { beforeEach, describe, expect, it } from 'vitest';
import { CACHE_KEY, PERSIST_THROTTLE_MS } from './persistence.js';
import { mutateWithSecret } from './secret-mutation.js';
import { testApolloSetup, testDocument } from './test-support.js';

const SECRET = 'mrd_live_7f3c9a1e5b2d4c8f';

interface CreatedCredential {
  createUserCredential: { secret: string | null };
}

const CreateUserCredential = testDocument<CreatedCredential, { email: string }>(`
  mutation SecretTestCreateUserCredential($email: Email!) {
    createUserCredential(email: $email) {
      credential {
        id
        organizationId
        userEmail
        enabled
        generatedAt
        daysToExpire
        createdBy
      }
      secret
      user {
        email
        dataAccessInfo {
          id
          active
          generatedAt
          daysToExpire
        }
      }
      inputErrors {
        field
        message
      }
    }
  }
`);

const created = () => ({
  createUserCredential: {
    __typename: 'CreatedCredentialPayload',
    credential: {
      __typename: 'Credential',
      id: 'cred-1',
      organizationId: 'acme',
      userEmail: 'user@acme.test',
      enabled: true,
      generatedAt: '2026-11-21T10:00:00Z',
      daysToExpire: 90,
      createdBy: 'user@acme.test',
    },
    secret: SECRET,
    user: {
      __typename: 'User',
      email: 'user@acme.test',
      dataAccessInfo: [
        {
          __typename: 'DataAccessEntry',
          id: 'cred-1',
          active: true,
          generatedAt: '2026-11-21T10:00:00Z',
          daysToExpire: 90,
        },
      ],
    },
    inputErrors: [],
  },
});

describe("a created credential's one-time secret", () => {
  beforeEach(() => localStorage.clear());

  it('reaches the component but never the cache or localStorage, while the credential itself is cached', async () => {
    const { setup } = testApolloSetup({ SecretTestCreateUserCredential: created });
    await setup.restoreFor('user@acme.test');

    const data = await mutateWithSecret(setup.client, CreateUserCredential, { email: 'user@acme.test' });
    expect(data?.createUserCredential.secret).toBe(SECRET);

    const extracted = JSON.stringify(setup.cache.extract());
    expect(extracted).not.toContain(SECRET);
    // The normalized credential and the user's entry are there, for the lists to update themselves.
    expect(setup.cache.extract()['Credential:{"id":"cred-1"}']).toMatchObject({ enabled: true });
    expect(extracted).toContain('DataAccessEntry:{\\"id\\":\\"cred-1\\"}');

    await new Promise((resolve) => setTimeout(resolve, PERSIST_THROTTLE_MS + 50));
    const stored = localStorage.getItem(CACHE_KEY) ?? '';
    expect(stored).toContain('cred-1');
    expect(stored).not.toContain(SECRET);
    // Mutation results are not persisted at all.
    expect(stored).not.toContain('ROOT_MUTATION');
    expect(Object.values(localStorage).join('\n')).not.toContain(SECRET);
  });

  it('is never stored even by a plain mutation (which then hands the component null: fail closed)', async () => {
    const { setup } = testApolloSetup({ SecretTestCreateUserCredential: created });
    await setup.restoreFor('user@acme.test');
    const result = await setup.client.mutate({
      mutation: CreateUserCredential,
      variables: { email: 'user@acme.test' },
    });
    expect(result.data?.createUserCredential.secret).toBeNull();
    expect(JSON.stringify(setup.cache.extract())).not.toContain(SECRET);
    await setup.persistence.flush();
    expect(localStorage.getItem(CACHE_KEY)).not.toContain(SECRET);
  });
});
