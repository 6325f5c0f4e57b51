import { Callout, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { FormDialog } from '../../../../components/FormDialog.js';
import { useToasts } from '../../../../components/toasts/useToasts.js';
import { TextField } from '../../../../components/TextField.js';
import { useFieldErrors } from '../../../../components/useFieldErrors.js';
import { offboardingConsequences } from './lifecycle-view.js';
import { useOffboardOrganization } from './useOffboardOrganization.js';
import { useOrganizationAccess } from './useOrganizationAccess.js';

export interface OffboardDialogProps {
  isOpen: boolean;
  onClose: () => void;
  organization: { id: string; name: string };
}

/** Whether the typed text confirms offboarding: exactly the organization's id. */
export const confirmsOffboarding = (typed: string, organizationId: string): boolean => typed.trim() === organizationId;

/**
 * Offboarding cannot be undone in full (revoked credentials stay revoked) and signs people out at once,
 * so the dialog says how many (asked afresh when it opens) and the user types the organization's id to
 * confirm.
 */
export function OffboardDialog({ isOpen, onClose, organization }: OffboardDialogProps) {
  const toasts = useToasts();
  const [offboard, { loading }] = useOffboardOrganization();
  const access = useOrganizationAccess(organization.id, isOpen);
  const [typed, setTyped] = useState('');
  const confirmed = confirmsOffboarding(typed, organization.id);
  // No field to refuse in words: Offboard waits for the typed id, and every refusal is the form's.
  const fields = useFieldErrors<never>(() => ({}));

  const submit = async () => {
    const outcome = await offboard({ id: organization.id });
    if (outcome.ok) {
      toasts.show({ type: 'success', message: `Offboarding of ${organization.name} started.` });
      onClose();
    }
    return outcome;
  };

  return (
    <FormDialog
      isOpen={isOpen}
      title={`Offboard ${organization.name}`}
      formLabel="Offboard organization"
      submitLabel="Offboard"
      submitIntent={Intent.DANGER}
      submitDisabled={!confirmed}
      refusalTitle="Offboarding did not start"
      onRefused={(message) => toasts.show({ type: 'error', message })}
      fields={fields}
      onSubmit={submit}
      onReset={() => setTyped('')}
      onClose={onClose}
      loading={loading}
    >
      <Callout intent={Intent.DANGER} aria-label="What offboarding does">
        {offboardingConsequences(organization.name, access).map((sentence) => (
          <p key={sentence}>{sentence}</p>
        ))}
      </Callout>
      <TextField
        label={`Type ${organization.id} to confirm`}
        value={typed}
        onChange={setTyped}
        autoComplete="off"
        helperText={confirmed ? undefined : 'The organization’s id, exactly.'}
      />
    </FormDialog>
  );
}
