import { useCallback, useState } from 'react';

/**
 * The messages a form shows beside its fields: its own checks for fields the user has left (or all of
 * them once they tried to save), and the gateway's words for a field until that field changes.
 */
export function useFieldErrors<F extends string>(validate: () => Partial<Record<F, string>>) {
  const [touched, setTouched] = useState<ReadonlySet<F>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<string, string>>>({});
  const own = validate();

  const errorOf = (field: F): string | undefined =>
    serverErrors[field] ?? (submitted || touched.has(field) ? own[field] : undefined);

  const touch = useCallback((field: F) => setTouched((current) => new Set(current).add(field)), []);

  /** The field changed: the gateway's earlier word about it no longer applies. */
  const changed = useCallback((field: F) => {
    setServerErrors((current) => {
      if (!(field in current)) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  }, []);

  /** A save was tried: every check shows; answers whether the form may be sent. */
  const trySubmit = useCallback((): boolean => {
    setSubmitted(true);
    setServerErrors({});
    return Object.keys(validate()).length === 0;
  }, [validate]);

  /** Start over (the form was saved and shows the saved values). */
  const reset = useCallback(() => {
    setTouched(new Set());
    setSubmitted(false);
    setServerErrors({});
  }, []);

  return { errorOf, touch, changed, trySubmit, reset, setServerErrors, hasErrors: Object.keys(own).length > 0 };
}
