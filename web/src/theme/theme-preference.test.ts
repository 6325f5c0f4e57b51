import { beforeEach, describe, expect, it } from 'vitest';
import { readThemePreference, resolveTheme, THEME_STORAGE_KEY, writeThemePreference } from './theme-preference.js';

describe('theme preference', () => {
  beforeEach(() => localStorage.clear());

  it('follows the system by default', () => {
    expect(readThemePreference()).toBe('system');
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
  });

  it('persists an explicit choice, which wins over the system', () => {
    writeThemePreference('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(readThemePreference()).toBe('dark');
    expect(resolveTheme('light', true)).toBe('light');
  });

  it('forgets the choice when set back to system, and ignores unknown stored values', () => {
    writeThemePreference('light');
    writeThemePreference('system');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
    localStorage.setItem(THEME_STORAGE_KEY, 'purple');
    expect(readThemePreference()).toBe('system');
  });
});
