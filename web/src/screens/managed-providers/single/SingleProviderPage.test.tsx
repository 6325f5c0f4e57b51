import { ALIAS_MESSAGE, NPI_FORMAT_MESSAGE, unknownProviderMessage } from '@meridian/schema';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { validNpi } from '../csv/test-npis.js';
import { renderManagedProviders } from '../test-support.js';

const npi = validNpi(7);
const location = () => screen.getByRole('status', { name: 'Current location' }).textContent;

afterEach(() => {
  cleanup();
  localStorage.clear();
});

function providerAnswer(value: string | null, known = true) {
  return () => ({
    provider: known
      ? {
          __typename: 'Provider',
          npi,
          name: 'Ann Smith',
          specialty: 'Cardiology',
          city: 'Springfield',
          state: 'IL',
          zip: '62701',
        }
      : null,
    providerLinks: {
      __typename: 'ProviderLinkList',
      rows: value
        ? [
            // A substring search also finds other NPIs: only the exact one counts.
            {
              __typename: 'ProviderLink',
              npi: `80840${npi}`,
              value: 'Other',
              updatedAt: '2026-03-01T12:00:00Z',
              updatedBy: 'x@acme.test',
            },
            {
              __typename: 'ProviderLink',
              npi,
              value,
              updatedAt: '2026-03-01T12:00:00Z',
              updatedBy: 'orgadmin@acme.test',
            },
          ]
        : [],
    },
  });
}

function oneRowAnswer(field: string, status: string, message: string | null = null) {
  return (variables: Record<string, unknown>) => ({
    [field]: {
      __typename: 'ProviderLinkBatchPayload',
      results: [
        {
          __typename: 'ProviderLinkRowResult',
          npi: variables.npis ? (variables.npis as string[])[0] : npi,
          status,
          message,
        },
      ],
      created: status === 'CREATED' ? 1 : 0,
      updated: status === 'UPDATED' ? 1 : 0,
      unchanged: 0,
      removed: status === 'REMOVED' ? 1 : 0,
      notFound: status === 'NOT_FOUND' ? 1 : 0,
      errors: status === 'ERROR' ? 1 : 0,
      inputErrors: [],
    },
  });
}

describe('one provider (NPI in the path)', () => {
  it("shows the provider's details and current alias, and saves a new one in a one-row request", async () => {
    const user = userEvent.setup();
    const { gateway, toasts } = renderManagedProviders(`/config/acme/managed-providers/aliases/update/${npi}`, {
      handlers: {
        ProviderLinkOfNpi: providerAnswer('Dr. Smith'),
        UpsertProviderLinks: oneRowAnswer('upsertProviderLinks', 'UPDATED'),
        ProviderLinksList: () => ({
          providerLinks: {
            __typename: 'ProviderLinkList',
            rows: [],
            pageInfo: { __typename: 'PageInfo', total: 0, limit: 50, offset: 0 },
          },
        }),
      },
    });
    const card = await screen.findByRole('region', { name: 'Provider' });
    expect(within(card).getByRole('heading', { name: 'Ann Smith' })).toBeTruthy();
    expect(within(card).getByText('Springfield, IL 62701')).toBeTruthy();
    expect(within(card).getByText('Dr. Smith')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(`Update Aliases: NPI ${npi}`);

    const field = screen.getByLabelText('Alias');
    expect((field as HTMLInputElement).value).toBe('Dr. Smith');
    await user.clear(field);
    await user.type(field, 'Dr. Ann Smith');
    await user.click(screen.getByRole('button', { name: 'Save alias' }));
    await waitFor(() => expect(location()).toBe('/config/acme/managed-providers/aliases'));
    const upserts = gateway.sent.filter((request) => request.operationName === 'UpsertProviderLinks');
    expect(upserts.map((request) => request.variables.links)).toEqual([[{ npi, value: 'Dr. Ann Smith' }]]);
    expect(toasts.list().map((toast) => toast.message)).toEqual([`The alias of NPI ${npi} is now Dr. Ann Smith.`]);
  });

  it('returns to the list it was opened from, searched, paged and sorted as it was', async () => {
    const user = userEvent.setup();
    const query = '?search=smith&page=2&sort=-changed';
    renderManagedProviders(`/config/acme/managed-providers/aliases/update/${npi}${query}`, {
      handlers: {
        ProviderLinkOfNpi: providerAnswer('Dr. Smith'),
        UpsertProviderLinks: oneRowAnswer('upsertProviderLinks', 'UPDATED'),
        ProviderLinksList: () => ({
          providerLinks: {
            __typename: 'ProviderLinkList',
            rows: [],
            pageInfo: { __typename: 'PageInfo', total: 0, limit: 50, offset: 0 },
          },
        }),
      },
    });
    await screen.findByRole('region', { name: 'Provider' });
    expect(screen.getByRole('link', { name: 'Managed Providers: Aliases' }).getAttribute('href')).toBe(
      `/config/acme/managed-providers/aliases${query}`,
    );
    await user.clear(screen.getByLabelText('Alias'));
    await user.type(screen.getByLabelText('Alias'), 'Dr. Ann Smith');
    await user.click(screen.getByRole('button', { name: 'Save alias' }));
    await waitFor(() => expect(location()).toBe(`/config/acme/managed-providers/aliases${query}`));
  });

  it('says what is wrong next to the field, keeping what was typed', async () => {
    const user = userEvent.setup();
    const { gateway } = renderManagedProviders(`/config/acme/managed-providers/aliases/update/${npi}`, {
      handlers: {
        ProviderLinkOfNpi: providerAnswer(null),
        UpsertProviderLinks: oneRowAnswer('upsertProviderLinks', 'ERROR', 'Alias was refused by the platform.'),
      },
    });
    const field = await screen.findByLabelText('Alias');
    await user.click(screen.getByRole('button', { name: 'Save alias' }));
    expect(screen.getByText(ALIAS_MESSAGE)).toBeTruthy();
    expect(gateway.sent.some((request) => request.operationName === 'UpsertProviderLinks')).toBe(false);

    await user.type(field, 'Fine');
    await user.click(screen.getByRole('button', { name: 'Save alias' }));
    await screen.findByText('Alias was refused by the platform.');
    expect((field as HTMLInputElement).value).toBe('Fine');
  });

  it('refuses a malformed NPI in the path without asking the gateway', async () => {
    const { gateway } = renderManagedProviders('/config/acme/managed-providers/aliases/update/12345');
    await screen.findByText(NPI_FORMAT_MESSAGE);
    expect(gateway.sent.some((request) => request.operationName === 'ProviderLinkOfNpi')).toBe(false);
  });

  it('says when the directory does not know the provider', async () => {
    renderManagedProviders(`/config/acme/managed-providers/relationships/update/${npi}`, {
      handlers: { ProviderLinkOfNpi: providerAnswer(null, false) },
    });
    await screen.findByText(unknownProviderMessage(npi));
  });

  it('removes the one relationship after confirming', async () => {
    const user = userEvent.setup();
    const { gateway, toasts } = renderManagedProviders(`/config/acme/managed-providers/relationships/remove/${npi}`, {
      handlers: {
        ProviderLinkOfNpi: providerAnswer('Employed'),
        RemoveProviderLinks: oneRowAnswer('removeProviderLinks', 'REMOVED'),
        ProviderLinksList: () => ({
          providerLinks: {
            __typename: 'ProviderLinkList',
            rows: [],
            pageInfo: { __typename: 'PageInfo', total: 0, limit: 50, offset: 0 },
          },
        }),
      },
    });
    await screen.findByText('Employed');
    await user.click(screen.getByRole('button', { name: 'Remove relationship' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Remove relationship' }));
    await waitFor(() => expect(location()).toBe('/config/acme/managed-providers/relationships'));
    expect(
      gateway.sent.filter((request) => request.operationName === 'RemoveProviderLinks').map((r) => r.variables),
    ).toEqual([{ organizationId: 'acme', kind: 'PROVIDER_RELATIONSHIP', npis: [npi] }]);
    expect(toasts.list().map((toast) => toast.message)).toEqual([`The relationship of NPI ${npi} was removed.`]);
  });

  it('has nothing to remove when the provider has no link of the kind', async () => {
    renderManagedProviders(`/config/acme/managed-providers/aliases/remove/${npi}`, {
      handlers: { ProviderLinkOfNpi: providerAnswer(null) },
    });
    await screen.findByText(`NPI ${npi} has no alias`);
    expect(screen.queryByRole('button', { name: 'Remove alias' })).toBeNull();
  });
});
