import { useCallback, useState, type SyntheticEvent } from 'react';
import { useRefusalFocus } from './focus-first-error.js';

/**
 * The messages a form shows beside its fields: its own checks for fields the user has left (or all of
 * them once they tried to save), and the gateway's words for a field until that field changes. A refused
 * submit, by the form's checks or by the gateway, brings focus and the screen to the first field in error.
 */
export function useFieldErrors<F extends string>(validate: () => Partial<Record<F, string>>) {
  const [touched, setTouched] = useState<ReadonlySet<F>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrorsState] = useState<Partial<Record<string, string>>>({});
  const focus = useRefusalFocus();
  const own = validate();

  const errorOf = (field: F): string | undefined =>
    serverErrors[field] ?? (submitted || touched.has(field) ? own[field] : undefined);

  const touch = useCallback((field: F) => setTouched((current) => new Set(current).add(field)), []);

  /** The field changed: the gateway's earlier word about it no longer applies. */
  const changed = useCallback((field: F) => {
    setServerErrorsState((current) => {
      if (!(field in current)) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  }, []);

  /** A save was tried (the form's submit event): every check shows; answers whether the form may be sent. */
  const trySubmit = useCallback(
    (event: SyntheticEvent): boolean => {
      focus.submitting(event.currentTarget);
      setSubmitted(true);
      setServerErrorsState({});
      const ok = Object.keys(validate()).length === 0;
      if (!ok) focus.refused();
      return ok;
    },
    [validate, focus],
  );

  /** The gateway refused the save: its words by field (the form's own refusal message, if any, shows too). */
  const setServerErrors = useCallback(
    (errors: Partial<Record<string, string>>) => {
      setServerErrorsState(errors);
      focus.refused();
    },
    [focus],
  );

  /** Start over (the form was saved and shows the saved values). */
  const reset = useCallback(() => {
    setTouched(new Set());
    setSubmitted(false);
    setServerErrorsState({});
  }, []);

  return { errorOf, touch, changed, trySubmit, reset, setServerErrors, hasErrors: Object.keys(own).length > 0 };
}
