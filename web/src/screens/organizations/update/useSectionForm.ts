import { useState, type FormEvent } from 'react';
import type { MutationOutcome } from '../../../components/mutation-outcome.js';
import { useToasts } from '../../../components/toasts/useToasts.js';
import { useEdits } from '../../../components/useEdits.js';
import { useFieldErrors } from '../../../components/useFieldErrors.js';
import { useUnsavedChangesPrompt } from '../../../components/useUnsavedChangesPrompt.js';

export interface SectionFormOptions<Field extends string, Values extends object, Input> {
  /** The organization's values as saved; the form shows the user's edits over them. */
  saved: Values;
  /** The form's own checks, by field. */
  validate: (values: Values) => Partial<Record<Field, string>>;
  /** What to send: only the changes, or null when there are none. */
  toInput: (values: Values) => Input | null;
  save: (input: Input) => Promise<MutationOutcome<unknown>>;
  /** The toast once saved. */
  savedMessage: (values: Values) => string;
  readOnly: boolean;
  /** What Save warns of before sending (a confirmation the section shows); none: Save sends at once. */
  warnings?: (values: Values) => string[];
}

/**
 * One editable section of the organization page (General, Licenses): the user's edits over the saved
 * values, their field errors, saving only what changed, the refusal said once (beside its field, or
 * above the buttons), Discard, and the prompt before leaving with unsaved changes.
 */
export function useSectionForm<Field extends string, Values extends object, Input>(
  options: SectionFormOptions<Field, Values, Input>,
) {
  const toasts = useToasts();
  const { values, edit, clear } = useEdits(options.saved);
  const [formError, setFormError] = useState<string | null>(null);
  const fields = useFieldErrors<Field>(() => options.validate(values));
  const input = options.toInput(values);
  // Nothing to save or discard: no change to send, and nothing typed that the form's checks refuse (a
  // value such as "abc" sends nothing, yet Save must stay pressable to say what is wrong and go there).
  const unchanged = input === null && !fields.hasErrors;
  const leavePrompt = useUnsavedChangesPrompt(!options.readOnly && !unchanged);

  /** A field changed: its value, and the gateway's earlier word about it goes. */
  const change = (field: Field, patch: Partial<Values>) => {
    edit(patch);
    fields.changed(field);
  };

  // The warnings Save found, waiting for the person's word; null when none is asked.
  const [pendingWarnings, setPendingWarnings] = useState<string[] | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    if (!fields.trySubmit(event) || !input) return;
    const warnings = options.warnings?.(values) ?? [];
    if (warnings.length > 0) {
      setPendingWarnings(warnings);
      return;
    }
    await send(input);
  };

  /** The person saw the warnings and saves all the same. */
  const confirmSave = async () => {
    setPendingWarnings(null);
    if (input) await send(input);
  };

  const send = async (input: Input) => {
    const outcome = await options.save(input);
    if (outcome.ok) {
      clear();
      fields.reset();
      toasts.show({ type: 'success', message: options.savedMessage(values) });
      return;
    }
    fields.setServerErrors(outcome.fieldErrors);
    // Said once, in the form: beside its field, or above the buttons (not again in a toast).
    setFormError(outcome.formError);
  };

  const discard = () => {
    clear();
    fields.reset();
    setFormError(null);
  };

  return {
    values,
    change,
    fields,
    input,
    unchanged,
    formError,
    leavePrompt,
    submit,
    discard,
    pendingWarnings,
    confirmSave,
    cancelSave: () => setPendingWarnings(null),
  };
}
