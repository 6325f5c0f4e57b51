import { Colors } from '@blueprintjs/core';
import type { OrganizationStatus } from '@meridian/schema';
import type { ResolvedTheme } from '../../theme/theme-preference.js';

/**
 * Colours of the analytics charts in each theme, from Blueprint's palette so they sit with the rest of
 * the console: the 3 shades on light backgrounds, the 4 and 5 shades (lighter) on dark ones. Series
 * colours differ in lightness as well as hue, and every chart has a legend and a table, so no figure
 * is told by colour alone.
 */
export interface ChartTheme {
  text: string;
  mutedText: string;
  grid: string;
  tooltipBackground: string;
  tooltipBorder: string;
  /** The hover band behind a category. */
  cursor: string;
  status: Record<OrganizationStatus, string>;
  activeUsers: string;
  inactiveUsers: string;
  seats: { users: string; explorer: string; viewer: string };
  /** The 100 % line of license use. */
  limit: string;
  /** Expiring credentials by urgency: within a week, two, three, or the month. */
  urgency: readonly [string, string, string, string];
}

const LIGHT: ChartTheme = {
  text: Colors.DARK_GRAY1,
  mutedText: Colors.GRAY1,
  grid: Colors.LIGHT_GRAY1,
  tooltipBackground: Colors.WHITE,
  tooltipBorder: Colors.LIGHT_GRAY1,
  cursor: 'rgba(143, 153, 168, 0.15)',
  status: {
    created: Colors.GOLD3,
    onboarding: Colors.CERULEAN3,
    deploying: Colors.VIOLET3,
    active: Colors.GREEN3,
    offboarding: Colors.ORANGE3,
    offboarded: Colors.GRAY3,
  },
  activeUsers: Colors.BLUE3,
  inactiveUsers: Colors.GRAY4,
  seats: { users: Colors.BLUE3, explorer: Colors.VIOLET3, viewer: Colors.TURQUOISE3 },
  limit: Colors.RED3,
  urgency: [Colors.RED3, Colors.ORANGE3, Colors.GOLD3, Colors.BLUE3],
};

const DARK: ChartTheme = {
  text: Colors.LIGHT_GRAY5,
  mutedText: Colors.GRAY5,
  grid: Colors.DARK_GRAY5,
  tooltipBackground: Colors.DARK_GRAY3,
  tooltipBorder: Colors.DARK_GRAY5,
  cursor: 'rgba(143, 153, 168, 0.2)',
  status: {
    created: Colors.GOLD5,
    onboarding: Colors.CERULEAN5,
    deploying: Colors.VIOLET5,
    active: Colors.GREEN4,
    offboarding: Colors.ORANGE4,
    offboarded: Colors.GRAY3,
  },
  activeUsers: Colors.BLUE5,
  inactiveUsers: Colors.GRAY2,
  seats: { users: Colors.BLUE5, explorer: Colors.VIOLET5, viewer: Colors.TURQUOISE4 },
  limit: Colors.RED5,
  urgency: [Colors.RED5, Colors.ORANGE5, Colors.GOLD5, Colors.BLUE5],
};

export function chartTheme(theme: ResolvedTheme): ChartTheme {
  return theme === 'dark' ? DARK : LIGHT;
}
