import {
  CREDENTIAL_LIFETIME_DAYS,
  CREDENTIAL_MIN_LIFETIME_DAYS,
  validateCredentialLifetime,
  validateCredentialName,
} from '@meridian/schema';
import { useCallback, useState, type ReactNode } from 'react';
import { FormDialog } from './FormDialog.js';
import type { MutationOutcome } from './mutation-outcome.js';
import { TextField } from './TextField.js';
import { useFieldErrors } from './useFieldErrors.js';

/** What the person chooses for a new credential: what uses it, and how long it lives. */
export interface CredentialChoices {
  name: string;
  lifetimeDays: number;
}

/** The form keys a refusal may name (the mutation's input fields, without the `input.` prefix). */
export const CREDENTIAL_CHOICE_FIELDS = ['name', 'lifetimeDays'] as const;
type ChoiceField = (typeof CREDENTIAL_CHOICE_FIELDS)[number];

export interface CreateCredentialDialogProps {
  /** Whether the dialog shows. */
  isOpen: boolean;
  /** Whose credential it is, after "New credential for": "pat@acme.test", "Acme Health". */
  owner: ReactNode;
  /** Creates it; on success the caller closes this dialog and shows the secret. */
  onCreate: (choices: CredentialChoices) => Promise<MutationOutcome<unknown>>;
  /** The person gave up: nothing was created. */
  onClose: () => void;
  /** The create is under way. */
  loading: boolean;
}

/**
 * Asks for a new credential's name and lifetime before creating it (users' and organizations' alike):
 * the name tells one credential from another in lists and audit entries, and the lifetime is chosen
 * within what schema/ allows (1 to 90 days), with the rules' own words next to each field.
 */
export function CreateCredentialDialog({ isOpen, owner, onCreate, onClose, loading }: CreateCredentialDialogProps) {
  const [name, setName] = useState('');
  const [lifetime, setLifetime] = useState(String(CREDENTIAL_LIFETIME_DAYS));
  const validate = useCallback((): Partial<Record<ChoiceField, string>> => {
    const errors: Partial<Record<ChoiceField, string>> = {};
    const nameProblem = validateCredentialName(name);
    if (nameProblem) errors.name = nameProblem;
    const lifetimeProblem = validateCredentialLifetime(lifetime.trim() === '' ? Number.NaN : Number(lifetime));
    if (lifetimeProblem) errors.lifetimeDays = lifetimeProblem;
    return errors;
  }, [name, lifetime]);
  const fields = useFieldErrors<ChoiceField>(validate);

  const emptied = () => {
    setName('');
    setLifetime(String(CREDENTIAL_LIFETIME_DAYS));
  };

  return (
    <FormDialog
      isOpen={isOpen}
      title={<>New credential for {owner}</>}
      submitLabel="Create credential"
      fields={fields}
      onSubmit={() => onCreate({ name: name.trim(), lifetimeDays: Number(lifetime) })}
      onReset={emptied}
      onClose={onClose}
      loading={loading}
    >
      <TextField
        label="Name"
        value={name}
        onChange={(value) => {
          setName(value);
          fields.changed('name');
        }}
        onBlur={() => fields.touch('name')}
        error={fields.errorOf('name')}
        helperText="What uses it, such as “Nightly claims export”: it tells this credential from the others."
        autoFocus
      />
      <TextField
        label="Expires in (days)"
        type="number"
        value={lifetime}
        onChange={(value) => {
          setLifetime(value);
          fields.changed('lifetimeDays');
        }}
        onBlur={() => fields.touch('lifetimeDays')}
        error={fields.errorOf('lifetimeDays')}
        helperText={`From ${CREDENTIAL_MIN_LIFETIME_DAYS} to ${CREDENTIAL_LIFETIME_DAYS} days; a shorter life limits what a leaked secret can do.`}
      />
    </FormDialog>
  );
}
