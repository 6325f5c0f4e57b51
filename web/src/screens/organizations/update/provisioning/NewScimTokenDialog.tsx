import { useCallback, useState } from 'react';
import { FormDialog } from '../../../../components/FormDialog.js';
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
  const validate = useCallback((): Partial<Record<'label', string>> => {
    const problem = validateScimTokenLabel(label);
    return problem ? { label: problem } : {};
  }, [label]);
  const fields = useFieldErrors<'label'>(validate);

  return (
    <FormDialog
      isOpen={isOpen}
      title={`New SCIM token for ${organizationName}`}
      submitLabel="Create token"
      fields={fields}
      onSubmit={() => onCreate(label.trim())}
      onReset={() => setLabel('')}
      onClose={onClose}
      loading={loading}
    >
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
    </FormDialog>
  );
}
