import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

/** What marks a control in error (TextField, SelectField and the other fields set aria-invalid). */
const INVALID = '[aria-invalid="true"]';
/** A refusal said for the whole form (the Callout above its buttons). */
const FORM_ALERT = '[role="alert"]';

/**
 * Brings the person to what refused their submit: the first control of `form` in error, in the order
 * they read it, or else the form's refusal message; scrolled to the middle of the screen and focused.
 * Answers whether it found one.
 */
export function focusFirstError(form: HTMLElement): boolean {
  const target = form.querySelector<HTMLElement>(INVALID) ?? form.querySelector<HTMLElement>(FORM_ALERT);
  if (!target) return false;
  if (target.matches(FORM_ALERT) && !target.hasAttribute('tabindex')) target.tabIndex = -1;
  target.scrollIntoView?.({ block: 'center' });
  target.focus({ preventScroll: true });
  return true;
}

/**
 * Focus after a refused submit, for any form: `refused(form)` once the refusal is known; after the
 * render that shows the messages, the first field in error gets focus and comes into view.
 */
export function useRefusalFocus() {
  const form = useRef<HTMLElement | null>(null);
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals > 0 && form.current?.isConnected) focusFirstError(form.current);
  }, [refusals]);
  /** The form being submitted; a later `refused()` without one means this form again. */
  const submitting = useCallback((element: EventTarget | null) => {
    if (element instanceof HTMLElement) form.current = element.closest('form') ?? element;
  }, []);
  const refused = useCallback(() => setRefusals((count) => count + 1), []);
  return useMemo(() => ({ submitting, refused }), [submitting, refused]);
}
