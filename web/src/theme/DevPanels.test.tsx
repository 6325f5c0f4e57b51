import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderConsole, sessionUserOf } from '../routes/test-support.js';
import { PALETTE_STORAGE_KEY } from './palette.js';

const WAIT = { timeout: 4000 };

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  document.documentElement.removeAttribute('style');
});

describe('hidden panels opened from the console', () => {
  it('registers meridian.openThemePanel() and meridian.openDevTools() on window', async () => {
    renderConsole('/', { user: sessionUserOf('orgAdmin') });
    await screen.findByRole('heading', { name: /Welcome/ }, WAIT);
    expect(typeof window.meridian?.openThemePanel).toBe('function');
    expect(typeof window.meridian?.openDevTools).toBe('function');
    expect(screen.queryByText('Theme colours')).toBeNull();
  });

  it('opens the theme colour panel, which changes and persists a brand colour', async () => {
    renderConsole('/', { user: sessionUserOf('orgAdmin') });
    await screen.findByRole('heading', { name: /Welcome/ }, WAIT);
    act(() => window.meridian!.openThemePanel!());
    expect(await screen.findByRole('heading', { name: 'Theme colours' }, WAIT)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Brand'), { target: { value: '#aa3300' } });
    expect(document.documentElement.style.getPropertyValue('--meridian-brand')).toBe('#aa3300');
    expect(JSON.parse(localStorage.getItem(PALETTE_STORAGE_KEY) ?? '{}')).toEqual({ '--meridian-brand': '#aa3300' });
    await userEvent.click(screen.getByRole('button', { name: 'Reset all colours' }));
    expect(document.documentElement.style.getPropertyValue('--meridian-brand')).toBe('');
  });

  it('opens the developer tools panel, showing the session user and exercising toasts', async () => {
    renderConsole('/', { user: sessionUserOf('orgAdmin', { email: 'dev@acme.test' }) });
    await screen.findByRole('heading', { name: /Welcome/ }, WAIT);
    act(() => window.meridian!.openDevTools!());
    expect(await screen.findByRole('heading', { name: 'Developer tools' }, WAIT)).toBeTruthy();
    expect(screen.getByText('dev@acme.test')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Show error toast' }));
    expect(await screen.findByText('A test toast of type error.')).toBeTruthy();
  });
});
