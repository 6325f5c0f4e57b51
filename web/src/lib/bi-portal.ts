import { TABLEAU_LICENSES } from '@meridian/schema';

export const NO_BI_LICENSE_MESSAGE = 'You do not have a BI Portal license assigned.';
export const BI_PORTAL_NOT_SET_UP_MESSAGE = 'The BI Portal is not set up for your organization.';

export type BiPortalButtonState =
  { kind: 'loading' } | { kind: 'disabled'; reason: string } | { kind: 'link'; href: string };

/**
 * The 'Launch My Portal' button (spec section 4): loading while the user loads; disabled without a
 * recognised Tableau license, then without a portal URL for the organization; otherwise a link.
 */
export function biPortalButtonState(
  user: { tableauLicense: string | null; biPortalUrl: string | null } | null,
  loading: boolean,
): BiPortalButtonState {
  if (loading || !user) return { kind: 'loading' };
  if (!user.tableauLicense || !(TABLEAU_LICENSES as readonly string[]).includes(user.tableauLicense)) {
    return { kind: 'disabled', reason: NO_BI_LICENSE_MESSAGE };
  }
  if (!user.biPortalUrl) return { kind: 'disabled', reason: BI_PORTAL_NOT_SET_UP_MESSAGE };
  return { kind: 'link', href: user.biPortalUrl };
}
