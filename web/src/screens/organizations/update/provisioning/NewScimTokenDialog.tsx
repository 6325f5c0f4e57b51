import { Button, Callout, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { useCallback, useState, type FormEvent } from 'react';
import type { MutationOutcome } from '../../../../components/mutation-outcome.js';
import { TextField } from '../../../../components/TextField.js';
import { useFieldErrors } from '../../../../components/useFieldErrors.js';
import { validateScimTokenLabel } from '@meridian/schema';

export interface NewScimTokenDialogProps {
  /** Whether the dialog shows. */
  isOpen: boolean;
  /** The organization's name, in the title. */
  organizationName: string;
  /** Creates the token; on success the caller closes this dialog and shows the token. */
  onCreate: (label: string) => Promise<MutationOutcome<unknown>>;
  /** The person gave up: nothing was created. */
  onClose: () => void;
  /** The create is under way. */
  loading: boolean;
}

/**
 * Asks for a new SCIM token's label before creating it: the label tells one directory's token from
 * another in the list and the audit trail. What is wrong shows beside the field, checked here first
 * with the platform's own rule and words, and the gateway's refusal there too.
 */
export function NewScimTokenDialog({ isOpen, organizationName, onCreate, onClose, loading }: NewScimTokenDialogProps) {
  const [label, setLabel] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const validate = useCallback((): Partial<Record<'label', string>> => {
    const problem = validateScimTokenLabel(label);
    return problem ? { label: problem } : {};
  }, [label]);
  const fields = useFieldErrors<'label'>(validate);

  const reset = () => {
    setLabel('');
    setFormError(null);
    fields.reset();
  };

  const close = () => {
    reset();
    onClose();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    if (!fields.trySubmit(event)) return;
    const outcome = await onCreate(label.trim());
    if (outcome.ok) {
      reset();
      return;
    }
    fields.setServerErrors(outcome.fieldErrors);
    setFormError(outcome.formError);
  };

  return (
    <Dialog isOpen={isOpen} onClose={loading ? undefined : close} title={`New SCIM token for ${organizationName}`}>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogBody>
          {formError && (
            <Callout intent={Intent.DANGER} role="alert" compact>
              {formError}
            </Callout>
          )}
          <TextField
            label="Label"
            value={label}
            onChange={(value) => {
              setLabel(value);
              fields.changed('label');
            }}
            onBlur={() => fields.touch('label')}
            error={fields.errorOf('label')}
            helperText="What uses it, such as “Entra ID provisioning”: it tells this token from the others."
            autoFocus
          />
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button variant="minimal" onClick={close} disabled={loading}>
                Cancel
              </Button>
              <Button type="submit" intent={Intent.PRIMARY} loading={loading}>
                Create token
              </Button>
            </>
          }
        />
      </form>
    </Dialog>
  );
}
