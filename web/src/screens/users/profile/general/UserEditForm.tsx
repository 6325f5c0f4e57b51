import { Alert, Button, Callout, Classes, Intent, Switch } from '@blueprintjs/core';
import { useUnsavedChangesPrompt } from '../../../../components/useUnsavedChangesPrompt.js';
import { useRefusalFocus } from '../../../../components/focus-first-error.js';
import type { Role } from '@meridian/schema';
import { useState, type FormEvent } from 'react';
import { useToasts } from '../../../../components/toasts/useToasts.js';
import { useEdits } from '../../../../components/useEdits.js';
import { SelectField } from '../../shared/SelectField.js';
import { TextField } from '../../../../components/TextField.js';
import { UserTextFields } from '../../shared/UserTextFields.js';
import { roleOptions, roleText, systemRolesHint, TABLEAU_OPTIONS } from '../../shared/user-fields.js';
import { validateUserFields } from '../../shared/user-form.js';
import {
  changesOf,
  turnsDataAccessOff,
  type UserEditErrors,
  type UserEditField,
  type UserEditForm as FormValues,
} from './user-edit-form.js';
import { useUpdateUser } from './useUpdateUser.js';

export interface UserEditFormProps {
  organizationId: string;
  email: string;
  /** The user's saved values (the form follows them while nothing is typed). */
  saved: FormValues;
  /** The signed-in user's role: the roles offered are those it may grant. */
  granterRole: Role;
  /** Why the role cannot be changed (own role, last Org Admin, above one's grant); null when it can. */
  roleRefusal: string | null;
  /** Credentials turning direct data access off would disable. */
  activeCredentials: number;
  productName: string;
  /** The user's organization's name (it decides whether system roles are offered); null when unknown. */
  organizationName: string | null;
}

/**
 * Name, alternate email, the text fields (job title), role, Tableau license and direct data access
 * of a user, saved together. Only changed fields are sent; a refusal keeps what was typed and says
 * why, next to the field when it is one field's. Turning direct data access off is confirmed first
 * (it disables credentials for good).
 */
export function UserEditForm(props: UserEditFormProps) {
  const { saved } = props;
  const toasts = useToasts();
  const [save, { loading }] = useUpdateUser(props.organizationId, props.email);
  // Fields not typed in follow the record as it changes (saved here, or refreshed); typed values stay.
  const { values: form, edit, clear } = useEdits(saved);
  const [serverErrors, setServerErrors] = useState<UserEditErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const focus = useRefusalFocus();

  const errors = validateUserFields(form);
  const changes = changesOf(saved, form);
  const leavePrompt = useUnsavedChangesPrompt(changes !== null);
  const errorOf = (field: UserEditField) => serverErrors[field] ?? errors[field];
  const set =
    <K extends keyof FormValues>(key: K, field: UserEditField) =>
    (value: FormValues[K]) => {
      edit({ [key]: value });
      setServerErrors((current) => ({ ...current, [field]: undefined }));
    };

  const send = async () => {
    setConfirming(false);
    if (!changes) return;
    setFormError(null);
    const outcome = await save(changes);
    if (outcome.ok) {
      clear();
      toasts.show({ type: 'success', message: `Changes to ${outcome.value.name} were saved.` });
      return;
    }
    // The refusal shows once, in the form: beside its field, or above the buttons.
    setServerErrors(outcome.fieldErrors);
    setFormError(outcome.formError);
    focus.refused();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    focus.submitting(event.currentTarget);
    if (!changes || Object.keys(errors).length > 0 || loading) return;
    if (turnsDataAccessOff(saved, form) && props.activeCredentials > 0) setConfirming(true);
    else void send();
  };

  const options = roleOptions(props.granterRole, props.productName, props.organizationName);
  return (
    <form className="meridian-users-form" onSubmit={submit} noValidate aria-label="Edit user">
      {leavePrompt}
      <TextField label="Name" value={form.name} onChange={set('name', 'name')} error={errorOf('name')} />
      <TextField
        label="Alternate email"
        type="email"
        optional
        value={form.alternateEmail}
        onChange={set('alternateEmail', 'alternateEmail')}
        error={errorOf('alternateEmail')}
      />
      <UserTextFields values={form} onChange={(field) => set(field, field)} errorOf={errorOf} />
      <SelectField
        label="Role"
        value={form.role}
        valueLabel={roleText(form.role, props.productName)}
        options={options}
        onChange={set('role', 'role')}
        disabledReason={props.roleRefusal}
        error={serverErrors.role}
        helperText={systemRolesHint(props.granterRole, props.productName, props.organizationName)}
      />
      <SelectField
        label="Tableau license"
        value={form.tableau}
        options={TABLEAU_OPTIONS}
        onChange={set('tableau', 'tableauLicense')}
        error={serverErrors.tableauLicense}
      />
      <Switch
        label="Direct data access"
        checked={form.directDataAccess}
        aria-invalid={errorOf('directDataAccessEnabled') ? true : undefined}
        onChange={(event) => set('directDataAccess', 'directDataAccessEnabled')(event.currentTarget.checked)}
      />
      {errorOf('directDataAccessEnabled') && (
        <p className={Classes.INTENT_DANGER}>{errorOf('directDataAccessEnabled')}</p>
      )}
      {formError && (
        <Callout intent={Intent.DANGER} title="The changes were not saved" role="alert">
          {formError}
        </Callout>
      )}
      <div className="meridian-users-form-actions">
        <Button
          type="submit"
          intent={Intent.PRIMARY}
          loading={loading}
          disabled={!changes || Object.keys(errors).length > 0}
        >
          Save changes
        </Button>
        <Button
          variant="outlined"
          disabled={!changes || loading}
          onClick={() => {
            clear();
            setServerErrors({});
            setFormError(null);
          }}
        >
          Discard changes
        </Button>
      </div>
      <Alert
        isOpen={confirming}
        intent={Intent.DANGER}
        confirmButtonText="Turn off and save"
        cancelButtonText="Cancel"
        onConfirm={() => void send()}
        onCancel={() => setConfirming(false)}
      >
        <p>
          Turning off direct data access also disables this user’s {props.activeCredentials} active{' '}
          {props.activeCredentials === 1 ? 'credential' : 'credentials'}. A disabled credential cannot be enabled again.
        </p>
      </Alert>
    </form>
  );
}
