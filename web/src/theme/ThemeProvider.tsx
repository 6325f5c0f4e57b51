import { Classes, FocusStyleManager } from '@blueprintjs/core';
import { createContext, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { applyStoredPalette } from './palette.js';
import {
  DARK_SCHEME_QUERY,
  readThemePreference,
  resolveTheme,
  systemPrefersDark,
  writeThemePreference,
  type ResolvedTheme,
  type ThemePreference,
} from './theme-preference.js';
import './theme.css';

export interface ThemeContextValue {
  /** What the user chose ('system' by default). */
  preference: ThemePreference;
  /** The theme in effect. */
  theme: ResolvedTheme;
  setPreference: (preference: ThemePreference) => void;
}

export const ThemeContext = createContext<ThemeContextValue>({
  preference: 'system',
  theme: 'light',
  setPreference: () => undefined,
});

export interface ThemeProviderProps {
  children: ReactNode;
}

/**
 * Puts the theme in effect on <body> (Blueprint's dark class there reaches portals: popovers, toasts,
 * dialogs) and follows the system while the preference is 'system'.
 */
export function ThemeProvider({ children }: ThemeProviderProps) {
  const [preference, setPreferenceState] = useState<ThemePreference>(() => readThemePreference());
  const [systemDark, setSystemDark] = useState(() => systemPrefersDark());
  const theme = resolveTheme(preference, systemDark);

  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(DARK_SCHEME_QUERY);
    const onChange = () => setSystemDark(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  useEffect(() => {
    document.body.classList.toggle(Classes.DARK, theme === 'dark');
    document.documentElement.dataset.theme = theme;
    document.documentElement.style.colorScheme = theme;
  }, [theme]);

  useEffect(() => {
    applyStoredPalette();
    // Focus rings for keyboard users only (Blueprint's recommendation); a click shows none.
    FocusStyleManager.onlyShowFocusOnTabs();
  }, []);

  const setPreference = useCallback((next: ThemePreference) => {
    writeThemePreference(next);
    setPreferenceState(next);
  }, []);

  const value = useMemo(() => ({ preference, theme, setPreference }), [preference, theme, setPreference]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}
