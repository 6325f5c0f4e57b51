import { useContext } from 'react';
import { ThemeContext, type ThemeContextValue } from './ThemeProvider.js';

/** The theme in effect and the user's choice (light, dark or following the system). */
export function useTheme(): ThemeContextValue {
  return useContext(ThemeContext);
}
