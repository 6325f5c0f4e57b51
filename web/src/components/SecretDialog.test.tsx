import { Intent } from '@blueprintjs/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLOSE_UNCOPIED_QUESTION, COPIED_MESSAGE, COPY_FAILED_MESSAGE, SecretDialog } from './SecretDialog.js';
import { toastCenter } from './toasts/toast-center.js';

const SECRET = 'mrd_sk_0123456789abcdef';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  toastCenter.clear();
});

function clipboard(writeText: () => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}

function renderDialog() {
  const onClose = vi.fn();
  render(<SecretDialog secret={SECRET} owner="the new credential" onClose={onClose} />);
  return { onClose, dialog: screen.getByRole('dialog', { name: 'Credential created' }) };
}

const primaryButtons = (dialog: HTMLElement) =>
  within(dialog)
    .getAllByRole('button')
    .filter((button) => button.classList.contains(`bp6-intent-${Intent.PRIMARY}`))
    .map((button) => button.textContent);

describe('SecretDialog', () => {
  it('makes copying the one primary action, and closing without copying the quiet one', () => {
    const { dialog } = renderDialog();
    expect(primaryButtons(dialog)).toEqual(['Copy secret']);
    const closeUncopied = within(dialog).getByRole('button', { name: 'Close without copying' });
    expect(closeUncopied.className).toContain('bp6-minimal');
    expect(closeUncopied.className).not.toContain('bp6-intent');
  });

  it('asks once more before closing without copying, and can go back to the secret', async () => {
    const { dialog, onClose } = renderDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close without copying' }));
    expect(onClose).not.toHaveBeenCalled();
    expect(dialog.textContent).toContain(CLOSE_UNCOPIED_QUESTION);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep it open' }));
    expect(onClose).not.toHaveBeenCalled();
    expect(within(dialog).getByLabelText('Credential secret').textContent).toBe(SECRET);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Close without copying' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close and lose the secret' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('says inside the dialog that the secret was copied, raises no toast over it, then offers Done', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    clipboard(writeText);
    const { dialog, onClose } = renderDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy secret' }));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    expect(within(dialog).getByRole('status').textContent).toBe(COPIED_MESSAGE);
    expect(toastCenter.list()).toEqual([]);
    expect(primaryButtons(dialog)).toEqual(['Done']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('says inside the dialog when the browser refused to copy, and keeps copying primary', async () => {
    clipboard(() => Promise.reject(new Error('denied')));
    const { dialog } = renderDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy secret' }));
    expect(within(dialog).getByRole('status').textContent).toBe(COPY_FAILED_MESSAGE);
    expect(toastCenter.list()).toEqual([]);
    expect(primaryButtons(dialog)).toEqual(['Copy secret']);
  });
});
