import { Button, Callout, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { useToasts } from '../../../../components/toasts/useToasts.js';
import { failureMessage } from '../../../../components/mutation-outcome.js';
import { TextField } from '../../../../components/TextField.js';
import { useRefusalFocus } from '../../../../components/focus-first-error.js';
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
  const [formError, setFormError] = useState<string | null>(null);
  const confirmed = confirmsOffboarding(typed, organization.id);
  const focus = useRefusalFocus();

  const close = () => {
    setTyped('');
    setFormError(null);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    focus.submitting(event.currentTarget);
    if (!confirmed) return;
    setFormError(null);
    const outcome = await offboard({ id: organization.id });
    if (outcome.ok) {
      toasts.show({ type: 'success', message: `Offboarding of ${organization.name} started.` });
      close();
      return;
    }
    const message = failureMessage(outcome);
    setFormError(message);
    toasts.show({ type: 'error', message });
    focus.refused();
  };

  return (
    <Dialog isOpen={isOpen} onClose={loading ? undefined : close} title={`Offboard ${organization.name}`}>
      <form noValidate onSubmit={(event) => void submit(event)} aria-label="Offboard organization">
        <DialogBody>
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
          {formError && (
            <Callout intent={Intent.DANGER} role="alert" title="Offboarding did not start">
              {formError}
            </Callout>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button variant="minimal" onClick={close} disabled={loading}>
                Cancel
              </Button>
              <Button type="submit" intent={Intent.DANGER} loading={loading} disabled={!confirmed || loading}>
                Offboard
              </Button>
            </>
          }
        />
      </form>
    </Dialog>
  );
}
