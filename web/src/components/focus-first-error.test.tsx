import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type FormEvent } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { focusFirstError, useRefusalFocus } from './focus-first-error.js';
import { TextField } from './TextField.js';

afterEach(cleanup);

/** A form outside useFieldErrors (as the password forms are): its own checks, then the refusal focus. */
function TwoFields() {
  const [errors, setErrors] = useState<{ first?: string; second?: string }>({});
  const focus = useRefusalFocus();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    focus.submitting(event.currentTarget);
    setErrors({ second: 'Second is wrong.' });
    focus.refused();
  };
  return (
    <form aria-label="Two fields" onSubmit={submit} noValidate>
      <TextField label="First" value="" onChange={() => undefined} error={errors.first} />
      <TextField label="Second" value="" onChange={() => undefined} error={errors.second} />
      <button type="submit">Save</button>
    </form>
  );
}

describe('focus on a refused submit', () => {
  it('goes to the first field in error in reading order, else the form’s refusal, else nowhere', () => {
    render(
      <form aria-label="Form">
        <input aria-label="Fine" />
        <input aria-label="Wrong" aria-invalid="true" />
        <input aria-label="Also wrong" aria-invalid="true" />
        <div role="alert">Not saved.</div>
      </form>,
    );
    const form = screen.getByRole('form');
    expect(focusFirstError(form)).toBe(true);
    expect(document.activeElement).toBe(screen.getByLabelText('Wrong'));

    for (const input of screen.getAllByRole('textbox')) input.removeAttribute('aria-invalid');
    expect(focusFirstError(form)).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole('alert'));

    screen.getByRole('alert').remove();
    expect(focusFirstError(form)).toBe(false);
  });

  it('moves focus from the Save button to the field that says what is wrong, after it says it', async () => {
    render(<TwoFields />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Second'));
    expect(screen.getByLabelText('Second').getAttribute('aria-describedby')).toBeTruthy();
  });
});
