import {
  EMAIL_MESSAGE,
  INVITATION_CHOICE_HELP,
  INVITATIONS_COUNT_NOTE,
  PASSWORD_POLICY_MESSAGE,
  userLimitMessage,
} from '@meridian/schema';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderWithGateway, sessionUserOf, WAIT } from '../../routes/test-support.js';
import { userRecord } from './test-support.js';

const organization = (activeUsers: number) => ({
  organization: {
    __typename: 'Organization',
    id: 'acme',
    name: 'Acme Health',
    domain: ['acme.test'],
    licenses: {
      __typename: 'Licenses',
      userLimit: 20,
      activeUsers,
      tableauUserLicenses: {
        __typename: 'TableauUserLicenses',
        explorerCount: 2,
        viewerCount: 5,
        explorerUsed: 2,
        viewerUsed: 1,
      },
    },
  },
});

const PATH = '/admin/org-management/acme/users/create';

async function fillForm() {
  await userEvent.type(screen.getByLabelText('Name'), 'Pat Doe');
  await userEvent.type(screen.getByLabelText('Email'), 'Pat@Acme.test');
  await userEvent.click(screen.getByLabelText('Set a password'));
  await userEvent.type(screen.getByLabelText('Password'), 'correct-horse-42');
}

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('creating a user', { timeout: 15_000 }, () => {
  it('offers an Org Admin only the roles it may grant, and Tableau levels Viewer, Explorer and Creator', async () => {
    renderWithGateway(PATH, sessionUserOf('orgAdmin'), { CreateUserOrganization: () => organization(12) });
    const role = await screen.findByLabelText('Role', undefined, WAIT);
    expect(
      within(role)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Org Admin', 'Org User']);
    expect((role as HTMLSelectElement).value).toBe('orgUser');
    const tableau = screen.getByLabelText('Tableau license');
    expect(
      within(tableau)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['No license', 'Viewer', 'Explorer', 'Creator']);
    // The count says how invitations count: an invited user holds a seat.
    expect(await screen.findByText(`12 of 20 active users. ${INVITATIONS_COUNT_NOTE}`, undefined, WAIT)).toBeTruthy();
    // Where the page sits: the Org Admin may not open the organizations list, so that step is text.
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(
      within(trail)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Organizations', 'Acme Health', 'Users', 'Create user']);
    expect(within(trail).getByRole('link', { name: 'Users' }).getAttribute('href')).toBe('/admin/org-management/acme');
  });

  it('shows the password policy as it is typed and every field’s problem next to it', async () => {
    const { gateway } = renderWithGateway(PATH, sessionUserOf('orgAdmin'), {
      CreateUserOrganization: () => organization(12),
    });
    await userEvent.click(await screen.findByLabelText('Set a password', undefined, WAIT));
    const password = screen.getByLabelText('Password');
    const rules = screen.getByRole('list', { name: 'Password requirements' });
    const met = () =>
      within(rules)
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('data-met'));
    expect(met()).toEqual(['false', 'false', 'false']);
    await userEvent.type(password, 'abc1');
    expect(met()).toEqual(['false', 'true', 'true']);

    await userEvent.type(screen.getByLabelText(/^Alternate email/), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Create user' }));
    expect(screen.getByText('Name is required.')).toBeTruthy();
    expect(screen.getAllByText(EMAIL_MESSAGE)).toHaveLength(2);
    expect(screen.getByText(PASSWORD_POLICY_MESSAGE)).toBeTruthy();
    expect(gateway.count('CreateUser')).toBe(0);
  });

  it('explains the user-limit refusal with the limit and keeps everything typed', async () => {
    const { gateway } = renderWithGateway(PATH, sessionUserOf('orgAdmin'), {
      CreateUserOrganization: () => organization(19),
      CreateUser: () => ({
        createUser: {
          __typename: 'UserPayload',
          user: null,
          inputErrors: [{ __typename: 'InputError', field: null, message: userLimitMessage(20) }],
        },
      }),
    });
    await screen.findByLabelText('Name', undefined, WAIT);
    await fillForm();
    await userEvent.click(screen.getByRole('button', { name: 'Create user' }));
    const title = await screen.findByText('The user was not created', undefined, WAIT);
    expect(title.closest('[role="alert"]')?.textContent).toContain(
      'This organization has reached its limit of 20 active users. Raise the user limit or deactivate a user first.',
    );
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Pat Doe');
    expect(screen.getByLabelText<HTMLInputElement>('Password').value).toBe('correct-horse-42');
    expect(gateway.count('CreateUser')).toBe(1);
  });

  it('warns ahead when the organization is at its user limit or the chosen seats are all taken', async () => {
    renderWithGateway(PATH, sessionUserOf('systemAdmin', { organizationId: 'meridian' }), {
      CreateUserOrganization: () => organization(20),
    });
    expect(await screen.findByText(userLimitMessage(20), undefined, WAIT)).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText('Tableau license'), 'explorer');
    expect(
      screen.getByText(
        'This organization has used all 2 of its Tableau explorer licenses. Add explorer licenses or choose another level.',
      ),
    ).toBeTruthy();
  });

  it('says the user-limit refusal once: no second callout, no toast', async () => {
    const { toasts } = renderWithGateway(PATH, sessionUserOf('orgAdmin'), {
      CreateUserOrganization: () => organization(20),
      CreateUser: () => ({
        createUser: {
          __typename: 'UserPayload',
          user: null,
          inputErrors: [{ __typename: 'InputError', field: null, message: userLimitMessage(20) }],
        },
      }),
    });
    await screen.findByText(userLimitMessage(20), undefined, WAIT);
    await fillForm();
    await userEvent.click(screen.getByRole('button', { name: 'Create user' }));
    await waitFor(() =>
      expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Create user' }).disabled).toBe(false),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.getAllByText(userLimitMessage(20))).toHaveLength(1);
    expect(toasts.list().filter((toast) => toast.type === 'error')).toEqual([]);
  });

  it('asks an operator to confirm an email outside the organization’s domains, and sends the confirmation', async () => {
    const { gateway } = renderWithGateway(PATH, sessionUserOf('systemAdmin', { organizationId: 'meridian' }), {
      CreateUserOrganization: () => organization(3),
      CreateUser: (variables) => ({
        createUser: {
          __typename: 'UserPayload',
          user: userRecord({ email: 'someone@gmail.test', name: 'Pat Doe', ...(variables.input as object) }),
          inputErrors: [],
        },
      }),
    });
    await screen.findByLabelText('Name', undefined, WAIT);
    await userEvent.type(screen.getByLabelText('Name'), 'Pat Doe');
    await userEvent.type(screen.getByLabelText('Email'), 'someone@gmail.test');
    const confirm = screen.getByLabelText('Create this user with an email outside Acme Health’s domains (acme.test)');
    await userEvent.click(screen.getByRole('button', { name: 'Create user' }));
    expect(
      screen.getByText(
        'someone@gmail.test is outside Acme Health’s email domain (acme.test). Confirm to create this user anyway.',
      ),
    ).toBeTruthy();
    expect(gateway.count('CreateUser')).toBe(0);
    await userEvent.click(confirm);
    await userEvent.click(screen.getByRole('button', { name: 'Create user' }));
    await waitFor(() => expect(gateway.count('CreateUser')).toBe(1), WAIT);
    expect(gateway.sent.find((request) => request.operationName === 'CreateUser')?.variables.input).toMatchObject({
      email: 'someone@gmail.test',
      allowOutsideDomain: true,
    });
  });

  it('tells an Org Admin at the email that only an operator creates a user outside the domains', async () => {
    const { gateway } = renderWithGateway(PATH, sessionUserOf('orgAdmin'), {
      CreateUserOrganization: () => organization(3),
    });
    await screen.findByLabelText('Name', undefined, WAIT);
    await userEvent.type(screen.getByLabelText('Name'), 'Pat Doe');
    await userEvent.type(screen.getByLabelText('Email'), 'admin@meridian.test');
    expect(screen.queryByLabelText(/Create this user with an email outside/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Create user' }));
    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(document.activeElement).toBe(email), WAIT);
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(
      screen.getByText(/^admin@meridian\.test is outside Acme Health’s email domain \(acme\.test\)\. Only a /),
    ).toBeTruthy();
    expect(gateway.count('CreateUser')).toBe(0);
  });

  it('offers a Meridian Admin no system role for a customer organization’s user, saying why', async () => {
    renderWithGateway(PATH, sessionUserOf('systemAdmin', { organizationId: 'meridian' }), {
      CreateUserOrganization: () => organization(3),
    });
    await screen.findByText(`3 of 20 active users. ${INVITATIONS_COUNT_NOTE}`, undefined, WAIT);
    const role = screen.getByLabelText('Role');
    expect(
      within(role)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Org Admin', 'Org User']);
    expect(
      screen.getByText(
        'Meridian Admin and Meridian Viewer reach every organization, so they are only for users of the Meridian organization.',
      ),
    ).toBeTruthy();
  });

  it('sends lowercase emails and the enums, shows the gateway’s field errors, then opens the new profile', async () => {
    let answer: 'taken' | 'created' = 'taken';
    const { gateway } = renderWithGateway(PATH, sessionUserOf('systemAdmin', { organizationId: 'meridian' }), {
      CreateUserOrganization: () => organization(3),
      CreateUser: (variables) => ({
        createUser:
          answer === 'taken'
            ? {
                __typename: 'UserPayload',
                user: null,
                inputErrors: [{ __typename: 'InputError', field: 'input.email', message: 'That email is taken.' }],
              }
            : {
                __typename: 'UserPayload',
                user: userRecord({ email: 'pat@acme.test', name: 'Pat Doe', ...(variables.input as object) }),
                inputErrors: [],
              },
      }),
    });
    await screen.findByLabelText('Name', undefined, WAIT);
    await fillForm();
    await userEvent.selectOptions(screen.getByLabelText('Role'), 'orgAdmin');
    await userEvent.selectOptions(screen.getByLabelText('Tableau license'), 'explorer');
    await userEvent.click(screen.getByLabelText('Direct data access'));
    await userEvent.click(screen.getByRole('button', { name: 'Create user' }));
    expect(await screen.findByText('That email is taken.', undefined, WAIT)).toBeTruthy();
    expect(gateway.sent.find((request) => request.operationName === 'CreateUser')?.variables).toEqual({
      organizationId: 'acme',
      input: {
        name: 'Pat Doe',
        email: 'pat@acme.test',
        password: 'correct-horse-42',
        role: 'ORG_ADMIN',
        tableauLicense: 'EXPLORER',
        directDataAccessEnabled: true,
      },
    });

    answer = 'created';
    await userEvent.click(screen.getByRole('button', { name: 'Create user' }));
    await waitFor(
      () =>
        expect(screen.getByTestId('location').textContent).toBe(
          '/admin/org-management/acme/users/pat%40acme.test/profile/general',
        ),
      WAIT,
    );
    expect(await screen.findByText('Pat Doe (pat@acme.test) was created.', undefined, WAIT)).toBeTruthy();
  });

  it('sends a typed job title trimmed, and refuses a too-long one beside its control in words naming it', async () => {
    const { gateway } = renderWithGateway(PATH, sessionUserOf('orgAdmin'), {
      CreateUserOrganization: () => organization(3),
      CreateUser: () => ({
        createUser: {
          __typename: 'UserPayload',
          user: null,
          inputErrors: [{ __typename: 'InputError', field: 'input.jobTitle', message: 'Job title is not allowed.' }],
        },
      }),
    });
    await screen.findByLabelText('Name', undefined, WAIT);
    await fillForm();
    const jobTitle = screen.getByLabelText<HTMLInputElement>(/^Job title/);
    const besideJobTitle = () => document.getElementById(jobTitle.getAttribute('aria-describedby') ?? '')?.textContent;
    expect(besideJobTitle()).toBe('At most 128 characters.');

    await userEvent.click(jobTitle);
    await userEvent.paste('x'.repeat(129));
    await userEvent.tab();
    expect(besideJobTitle()).toBe('Job title must be at most 128 characters.');
    expect(jobTitle.getAttribute('aria-invalid')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: 'Create user' }));
    expect(gateway.count('CreateUser')).toBe(0);

    await userEvent.clear(jobTitle);
    await userEvent.type(jobTitle, '  Charge nurse ');
    await userEvent.click(screen.getByRole('button', { name: 'Create user' }));
    // The gateway's word about the job title lands beside it, not above the buttons.
    await waitFor(() => expect(besideJobTitle()).toBe('Job title is not allowed.'), WAIT);
    expect(screen.queryByText('The user was not created')).toBeNull();
    expect(gateway.sent.find((request) => request.operationName === 'CreateUser')?.variables.input).toMatchObject({
      name: 'Pat Doe',
      jobTitle: 'Charge nurse',
    });
  });

  it('sends an invitation by default: no password field, none sent, and the toast says so', async () => {
    const { gateway } = renderWithGateway(PATH, sessionUserOf('orgAdmin'), {
      CreateUserOrganization: () => organization(3),
      CreateUser: (variables) => ({
        createUser: {
          __typename: 'UserPayload',
          user: userRecord({ ...(variables.input as object), status: 'INVITED' }),
          inputErrors: [],
        },
      }),
    });
    const invite = await screen.findByLabelText<HTMLInputElement>('Send an invitation', undefined, WAIT);
    expect(invite.checked).toBe(true);
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(screen.getByText(INVITATION_CHOICE_HELP)).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Name'), 'Ivy Invited');
    await userEvent.type(screen.getByLabelText('Email'), 'Ivy@Acme.test');
    await userEvent.click(screen.getByRole('button', { name: 'Create user' }));
    await waitFor(() => expect(gateway.count('CreateUser')).toBe(1), WAIT);
    const input = gateway.sent.find((request) => request.operationName === 'CreateUser')?.variables.input;
    expect(input).toMatchObject({ name: 'Ivy Invited', email: 'ivy@acme.test' });
    expect(input).not.toHaveProperty('password');
    expect(input).not.toHaveProperty('jobTitle');
    expect(
      await screen.findByText(
        'Ivy Invited (ivy@acme.test) was invited: an email with a link to set a password is on its way.',
        undefined,
        WAIT,
      ),
    ).toBeTruthy();
  });
});
