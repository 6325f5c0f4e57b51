import { Button, Callout, Checkbox, Classes, Intent, RadioGroup, Switch } from '@blueprintjs/core';
import { useUnsavedChangesPrompt } from '../../../components/useUnsavedChangesPrompt.js';
import { INVITATION_CHOICE_HELP, isSystemRole, seatLimitMessage, type Role } from '@meridian/schema';
import { useCallback, useState, type FormEvent } from 'react';
import { useFieldErrors } from '../../../components/useFieldErrors.js';
import { useNavigate } from 'react-router-dom';
import { useToasts } from '../../../components/toasts/useToasts.js';
import { organizationUsersPath, userProfilePath } from '../../../routes/paths.js';
import { LinkButton } from '../../../components/LinkButton.js';
import { SelectField } from '../shared/SelectField.js';
import { TextField } from '../../../components/TextField.js';
import { UserTextFields } from '../shared/UserTextFields.js';
import { roleOptions, systemRolesHint, TABLEAU_OPTIONS } from '../shared/user-fields.js';
import {
  emailOutsideDomains,
  emptyCreateUserForm,
  toCreateUserInput,
  validateCreateUserForm,
  type CreateUserField,
  type CreateUserForm as FormValues,
  type TargetOrganization,
} from './create-user-form.js';
import { PasswordField } from './PasswordField.js';
import { useCreateUser } from './useCreateUser.js';

/** Seats of the organization's license, to warn before the gateway refuses. */
export interface SeatUsage {
  explorerCount: number;
  viewerCount: number;
  explorerUsed: number;
  viewerUsed: number;
}

export interface CreateUserFormProps {
  organizationId: string;
  /** The signed-in user's role: it decides the roles offered (schema's grantableRoles). */
  granterRole: Role;
  productName: string;
  /** Tableau seats in use, when known. */
  seats: SeatUsage | null;
  /** The organization's name and email domains; null while they load. */
  organization: TargetOrganization | null;
  /** A refusal the page already shows (the user limit reached): the form does not repeat it. */
  shownAbove?: string | null;
}

/** The warning for a Tableau level whose seats are all taken, or null. */
function seatWarning(level: FormValues['tableau'], seats: SeatUsage | null): string | null {
  if (!seats) return null;
  if (level === 'explorer' && seats.explorerUsed >= seats.explorerCount)
    return seatLimitMessage('explorer', seats.explorerCount);
  if (level === 'viewer' && seats.viewerUsed >= seats.viewerCount) return seatLimitMessage('viewer', seats.viewerCount);
  return null;
}

/**
 * Name, email, alternate email, the text fields (job title), password (with its policy), role,
 * Tableau license and direct data access of a new user. Each field says what is wrong next to it; a
 * refusal that is no field's (the user limit, an email taken) is shown above the buttons in the
 * gateway's words. Nothing typed is lost when the gateway refuses.
 */
export function CreateUserForm({
  organizationId,
  granterRole,
  productName,
  seats,
  organization,
  shownAbove = null,
}: CreateUserFormProps) {
  const navigate = useNavigate();
  const toasts = useToasts();
  const [create, { loading }] = useCreateUser(organizationId);
  const [form, setForm] = useState(() => emptyCreateUserForm(granterRole));
  const [formError, setFormError] = useState<string | null>(null);
  const leavePrompt = useUnsavedChangesPrompt(
    JSON.stringify(form) !== JSON.stringify(emptyCreateUserForm(granterRole)),
  );

  const fields = useFieldErrors<CreateUserField>(
    useCallback(
      () => validateCreateUserForm(form, organization, { role: granterRole, productName }),
      [form, organization, granterRole, productName],
    ),
  );
  // Only an operator may confirm an email outside the domains; anyone else sees why at the email.
  const outside = emailOutsideDomains(form, organization) && isSystemRole(granterRole);
  const errorOf = fields.errorOf;
  const touch = (field: CreateUserField) => () => fields.touch(field);
  /** A change of a field clears the gateway's complaint about it (the user is fixing it). */
  const set =
    <K extends keyof FormValues>(key: K, field: CreateUserField) =>
    (value: FormValues[K]) => {
      setForm((current) => ({ ...current, [key]: value }));
      fields.changed(field);
    };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!fields.trySubmit(event) || loading) return;
    setFormError(null);
    const outcome = await create(toCreateUserInput(form, organization));
    if (outcome.ok) {
      const done =
        form.passwordChoice === 'invite' ? 'invited: an email with a link to set a password is on its way' : 'created';
      toasts.show({ type: 'success', message: `${outcome.value.name} (${outcome.value.email}) was ${done}.` });
      void navigate(userProfilePath(organizationId, outcome.value.email));
      return;
    }
    // The refusal shows once, in the form: beside its field, or above the buttons (not again in a toast).
    fields.setServerErrors(outcome.fieldErrors);
    setFormError(outcome.formError);
  };

  return (
    <form className="meridian-users-form" onSubmit={(event) => void submit(event)} noValidate aria-label="Create user">
      {leavePrompt}
      <TextField
        label="Name"
        value={form.name}
        onChange={set('name', 'name')}
        onBlur={touch('name')}
        error={errorOf('name')}
        autoComplete="off"
      />
      <TextField
        label="Email"
        type="email"
        value={form.email}
        onChange={set('email', 'email')}
        onBlur={touch('email')}
        error={errorOf('email')}
        autoComplete="off"
        helperText="The user signs in with it."
      />
      {outside && (
        <div className="meridian-users-form-confirm">
          <Checkbox
            label={`Create this user with an email outside ${organization?.name ?? 'the organization'}’s domains (${organization?.domains.join(', ') ?? ''})`}
            checked={form.allowOutsideDomain}
            aria-invalid={errorOf('allowOutsideDomain') ? true : undefined}
            onChange={(event) => set('allowOutsideDomain', 'allowOutsideDomain')(event.currentTarget.checked)}
          />
          {errorOf('allowOutsideDomain') && <p className={Classes.INTENT_DANGER}>{errorOf('allowOutsideDomain')}</p>}
        </div>
      )}
      <TextField
        label="Alternate email"
        type="email"
        optional
        value={form.alternateEmail}
        onChange={set('alternateEmail', 'alternateEmail')}
        onBlur={touch('alternateEmail')}
        error={errorOf('alternateEmail')}
        autoComplete="off"
      />
      <UserTextFields values={form} onChange={(field) => set(field, field)} onBlur={touch} errorOf={errorOf} />
      <RadioGroup
        label="First password"
        name="password-choice"
        selectedValue={form.passwordChoice}
        onChange={(event) => set('passwordChoice', 'password')(event.currentTarget.value === 'set' ? 'set' : 'invite')}
        options={[
          { value: 'invite', label: 'Send an invitation' },
          { value: 'set', label: 'Set a password' },
        ]}
      />
      {form.passwordChoice === 'invite' ? (
        <p className={`${Classes.TEXT_MUTED} meridian-users-invite-help`}>{INVITATION_CHOICE_HELP}</p>
      ) : (
        <PasswordField
          value={form.password}
          onChange={set('password', 'password')}
          onBlur={touch('password')}
          error={errorOf('password')}
        />
      )}
      <SelectField
        label="Role"
        value={form.role}
        options={roleOptions(granterRole, productName, organization?.name ?? null)}
        onChange={set('role', 'role')}
        error={errorOf('role')}
        helperText={systemRolesHint(granterRole, productName, organization?.name ?? null)}
      />
      <SelectField
        label="Tableau license"
        value={form.tableau}
        options={TABLEAU_OPTIONS}
        onChange={set('tableau', 'tableauLicense')}
        error={errorOf('tableauLicense') ?? seatWarning(form.tableau, seats) ?? undefined}
      />
      <Switch
        label="Direct data access"
        checked={form.directDataAccess}
        onChange={(event) => set('directDataAccess', 'directDataAccessEnabled')(event.currentTarget.checked)}
      />
      {formError && formError !== shownAbove && (
        <Callout intent={Intent.DANGER} title="The user was not created" role="alert">
          {formError}
        </Callout>
      )}
      <div className="meridian-users-form-actions">
        <Button type="submit" intent={Intent.PRIMARY} loading={loading}>
          Create user
        </Button>
        <LinkButton to={organizationUsersPath(organizationId)} variant="outlined" disabled={loading}>
          Cancel
        </LinkButton>
      </div>
    </form>
  );
}
