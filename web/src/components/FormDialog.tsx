import { Button, Callout, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import type { MutationOutcome } from './mutation-outcome.js';
import type { useFieldErrors } from './useFieldErrors.js';

export interface FormDialogProps {
  /** Whether the dialog shows. */
  isOpen: boolean;
  title: ReactNode;
  /** The submit button's words ("Create token", "Save webhook"). */
  submitLabel: string;
  /** Danger for what cannot be undone (offboarding); primary otherwise. */
  submitIntent?: Intent;
  /** The submit button waits for something the fields cannot refuse in words (a typed confirmation). */
  submitDisabled?: boolean;
  /** The form's accessible name, where the dialog's title alone does not say what it sends. */
  formLabel?: string;
  /** The refusal's heading ("The segment was not switched"). */
  refusalTitle?: string;
  /** The refusal in words, for a toast as well as the dialog's own message. */
  onRefused?: (message: string) => void;
  /** The form's field messages (useFieldErrors): checked before sending, the gateway's words after. */
  fields: Pick<ReturnType<typeof useFieldErrors>, 'trySubmit' | 'setServerErrors' | 'reset'>;
  /** Sends the form; on success the caller closes the dialog (and shows what was made). */
  onSubmit: () => Promise<MutationOutcome<unknown>>;
  /** Empties the form's own values: after a success, and when the person gives up. */
  onReset?: () => void;
  /** The person gave up: nothing was sent. */
  onClose: () => void;
  /** Sending is under way: the dialog stays open and its buttons wait. */
  loading: boolean;
  className?: string;
  /** The fields. */
  children: ReactNode;
}

/**
 * A dialog that asks for a few fields and sends them (a credential's, a SCIM token's, a webhook's, a
 * segment switch, an offboarding's confirmation): the
 * fields' own checks first, then the gateway's refusal beside its fields and, for what is no field's,
 * above the form; Cancel and Escape leave nothing sent.
 */
export function FormDialog({
  isOpen,
  title,
  submitLabel,
  submitIntent = Intent.PRIMARY,
  submitDisabled = false,
  formLabel,
  refusalTitle,
  onRefused,
  fields,
  onSubmit,
  onReset,
  onClose,
  loading,
  className,
  children,
}: FormDialogProps) {
  const [formError, setFormError] = useState<string | null>(null);

  const reset = () => {
    setFormError(null);
    fields.reset();
    onReset?.();
  };

  const close = () => {
    reset();
    onClose();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    if (!fields.trySubmit(event)) return;
    const outcome = await onSubmit();
    if (outcome.ok) {
      reset();
      return;
    }
    fields.setServerErrors(outcome.fieldErrors);
    setFormError(outcome.formError);
    if (outcome.formError) onRefused?.(outcome.formError);
  };

  return (
    <Dialog isOpen={isOpen} onClose={loading ? undefined : close} title={title} className={className}>
      <form noValidate onSubmit={(event) => void submit(event)} aria-label={formLabel}>
        <DialogBody>
          {formError && (
            <Callout intent={Intent.DANGER} role="alert" compact title={refusalTitle}>
              {formError}
            </Callout>
          )}
          {children}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button variant="minimal" onClick={close} disabled={loading}>
                Cancel
              </Button>
              <Button type="submit" intent={submitIntent} loading={loading} disabled={submitDisabled}>
                {submitLabel}
              </Button>
            </>
          }
        />
      </form>
    </Dialog>
  );
}
