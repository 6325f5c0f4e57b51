import { seatLimitMessage, userLimitMessage, type TableauLicense } from '@meridian/schema';
import type { Queryable } from '../db/database.js';
import { seatHolderCount } from '../stores/users.js';
import { conflict } from './errors.js';
import { licenseUsage, type OrganizationRow } from './organizations.js';

// The seat and user-limit checks of the services that add an active user or change a seat (create,
// activate, update, the bulk actions). Each runs inside the transaction that locked the organization.

/**
 * Refuses (409) one more active user past the organization's user limit. Call inside the transaction
 * that locked the organization row (getOrganization(tx, id, true)), so two requests cannot both take
 * the last place.
 */
export async function assertUserPlace(db: Queryable, organization: OrganizationRow): Promise<void> {
  const usage = (await licenseUsage(db, [organization.id])).get(organization.id)!;
  const limit = organization.licenses.user_limit;
  if (usage.active_users + 1 > limit) throw conflict(userLimitMessage(limit));
}

/**
 * Refuses (409) one more active user at `license` past the organization's seats of that level.
 * Creator seats are not counted (the license has no count for them). `except` is a user whose own seat
 * is being changed and so must not be counted. Same locking as assertUserPlace.
 */
export async function assertSeat(
  db: Queryable,
  organization: OrganizationRow,
  license: TableauLicense | null,
  except?: string,
): Promise<void> {
  if (license !== 'explorer' && license !== 'viewer') return;
  const holders = await seatHolderCount(db, organization.id, license, except ?? '');
  const seats = organization.licenses.tableau_user_licenses;
  const limit = license === 'explorer' ? seats.explorer_count : seats.viewer_count;
  if (holders + 1 > limit) throw conflict(seatLimitMessage(license, limit));
}
