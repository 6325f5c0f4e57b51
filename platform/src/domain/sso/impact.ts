import type { Queryable } from '../../db/database.js';
import { findOrganization } from '../../stores/organizations.js';
import { countPeopleWithoutFactor, countRecentSsoPeople, countSsoRoutedPeople } from '../../stores/sign-in-impact.js';
import { notFound } from '../errors.js';

/** "Signed in with it lately" (asked before a live connection switches protocol) looks this far back. */
export const RECENT_SSO_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What the organization's sign-in settings would change, counted now (issue 39), for the console to say
 * before a save: whom "Only single sign-on" takes password sign-in from (its Org Admins among them, and
 * how many of those have the second factor emergency access needs), how many people signed in through
 * the identity provider in the last 30 days (the audit trail's sign-ins with amr `fed`), and how many
 * active people have no second factor yet.
 */
export async function signInImpact(db: Queryable, organizationId: string, now = new Date()) {
  if (!(await findOrganization(db, organizationId))) throw notFound('Organization');
  const routed = await countSsoRoutedPeople(db, organizationId);
  const since = new Date(now.getTime() - RECENT_SSO_DAYS * DAY_MS);
  return {
    ssoOnlyPeople: routed.people,
    ssoOnlyOrgAdmins: routed.org_admins,
    ssoOnlyOrgAdminsWithSecondFactor: routed.org_admins_with_factor,
    recentSsoPeople: await countRecentSsoPeople(db, organizationId, since),
    peopleWithoutSecondFactor: await countPeopleWithoutFactor(db, organizationId),
  };
}
