import { EMAIL_MESSAGE, ORGANIZATION_ID_MESSAGE } from '@meridian/schema';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessionUserOf, WAIT } from '../../routes/test-support.js';
import { DOMAIN_REQUIRED_MESSAGE } from './shared/list-fields.js';
import { organizationRecord, renderWithGateway } from './test-support.js';

beforeEach(() => localStorage.clear());
afterEach(cleanup);

const created = (id: string, name: string) => ({
  createOrganization: {
    __typename: 'OrganizationPayload',
    organization: {
      __typename: 'Organization',
      id,
      name,
      status: 'CREATED',
      active: false,
      customerSegment: 'employer',
      medicareLicensed: true,
      domain: ['riverside.org'],
      primaryContact: { __typename: 'PrimaryContact', name: 'Rita River', email: 'rita@riverside.org' },
    },
    inputErrors: [],
  },
});

async function fillValidForm() {
  await userEvent.type(await screen.findByLabelText(/^Name/, undefined, WAIT), 'Riverside Health');
  await userEvent.type(screen.getByLabelText(/^Domains/), 'riverside.org{Enter}');
  await userEvent.type(screen.getByLabelText(/^Contact name/), 'Rita River');
  await userEvent.type(screen.getByLabelText(/^Contact email/), 'Rita@Riverside.org');
  await waitFor(() => expect(screen.getByRole('option', { name: 'Employer' })).toBeTruthy(), WAIT);
  await userEvent.selectOptions(screen.getByLabelText(/^Customer segment/), 'employer');
  await userEvent.click(screen.getByLabelText('Medicare licensed'));
}

describe('create organization', { timeout: 20_000 }, () => {
  it('says what is wrong beside each field and sends nothing', async () => {
    const { gateway } = renderWithGateway('/admin/org-management/create', sessionUserOf('systemAdmin'), {});
    await userEvent.click(await screen.findByRole('button', { name: 'Create organization' }, WAIT));
    expect(screen.getByText(ORGANIZATION_ID_MESSAGE)).toBeTruthy();
    expect(screen.getByText('Name is required.')).toBeTruthy();
    expect(screen.getByText(DOMAIN_REQUIRED_MESSAGE)).toBeTruthy();
    expect(screen.getByText('Contact name is required.')).toBeTruthy();
    expect(screen.getByText(EMAIL_MESSAGE)).toBeTruthy();
    expect(screen.getByText('Choose a customer segment.')).toBeTruthy();
    expect(screen.getByLabelText(/^Organization ID/).getAttribute('aria-invalid')).toBe('true');
    expect(gateway.count('CreateOrganization')).toBe(0);
  });

  it('hints at the empty Domains field with what to do, not an example that reads as a value typed', async () => {
    renderWithGateway('/admin/org-management/create', sessionUserOf('systemAdmin'), {});
    const domains = await screen.findByLabelText<HTMLInputElement>(/^Domains/, undefined, WAIT);
    expect(domains.value).toBe('');
    expect(domains.placeholder).toBe('Type a domain and press Enter');
    expect(domains.placeholder).not.toMatch(/^[\w.-]+\.[a-z]+$/);
    expect(screen.getByText(/like acme\.org/)).toBeTruthy();
  });

  it('creates the organization and opens its update page', async () => {
    const { gateway, location, toasts } = renderWithGateway(
      '/admin/org-management/create',
      sessionUserOf('systemAdmin'),
      {
        CreateOrganization: ({ input }) => created((input as { id: string }).id, 'Riverside Health'),
        OrganizationUpdate: () => ({
          organization: organizationRecord({ id: 'riverside-health', name: 'Riverside Health', status: 'CREATED' }),
        }),
      },
    );
    await fillValidForm();
    // The id follows the name until one is typed.
    expect(screen.getByLabelText<HTMLInputElement>(/^Organization ID/).value).toBe('riverside-health');
    await userEvent.click(screen.getByRole('button', { name: 'Create organization' }));
    await waitFor(() => expect(location()).toBe('/admin/org-management/riverside-health/update/general'), WAIT);
    expect(gateway.sent.find((request) => request.operationName === 'CreateOrganization')?.variables).toEqual({
      input: {
        id: 'riverside-health',
        name: 'Riverside Health',
        domain: ['riverside.org'],
        primaryContact: { name: 'Rita River', email: 'rita@riverside.org' },
        customerSegment: 'employer',
        medicareLicensed: true,
      },
    });
    expect(toasts.list().some((toast) => toast.message === 'Organization Riverside Health created.')).toBe(true);
  });

  it('shows a taken id once, under the ID field, and keeps what was typed', async () => {
    const { toasts } = renderWithGateway('/admin/org-management/create', sessionUserOf('systemAdmin'), {
      CreateOrganization: () => ({
        createOrganization: {
          __typename: 'OrganizationPayload',
          organization: null,
          inputErrors: [
            {
              __typename: 'InputError',
              field: 'input.id',
              message: 'An organization with id riverside-health already exists.',
            },
          ],
        },
      }),
    });
    await fillValidForm();
    await userEvent.click(screen.getByRole('button', { name: 'Create organization' }));
    const message = await screen.findByText(
      'An organization with id riverside-health already exists.',
      undefined,
      WAIT,
    );
    const id = screen.getByLabelText<HTMLInputElement>(/^Organization ID/);
    expect(id.getAttribute('aria-invalid')).toBe('true');
    expect(message.closest('.bp6-form-group')?.contains(id)).toBe(true);
    expect(screen.getAllByText('An organization with id riverside-health already exists.')).toHaveLength(1);
    expect(toasts.list().filter((toast) => toast.type === 'error')).toEqual([]);
    expect(screen.getByLabelText<HTMLInputElement>(/^Name/).value).toBe('Riverside Health');
    expect(screen.getByText('riverside.org')).toBeTruthy();
  });

  it('puts the gateway’s field errors beside their field', async () => {
    renderWithGateway('/admin/org-management/create', sessionUserOf('systemAdmin'), {
      CreateOrganization: () => ({
        createOrganization: {
          __typename: 'OrganizationPayload',
          organization: null,
          inputErrors: [
            {
              __typename: 'InputError',
              field: 'input.customerSegment',
              message: 'Customer segment employer does not exist.',
            },
          ],
        },
      }),
    });
    await fillValidForm();
    await userEvent.click(screen.getByRole('button', { name: 'Create organization' }));
    expect(await screen.findByText('Customer segment employer does not exist.', undefined, WAIT)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
