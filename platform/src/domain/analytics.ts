import { defaultLicenses } from '@meridian/schema';
import type { Database, Queryable } from '../db/database.js';
import {
  credentialsExpiringSoon,
  jobsFailed,
  jobsInProgress,
  organizationsBySegment,
  totals,
  usersByRole,
} from '../stores/analytics.js';
import { selectOrganizationLicenses } from '../stores/organizations.js';
import { refreshJobs } from './jobs.js';
import { licenseUsage } from './organizations.js';

/** Credentials expiring within this many days are "expiring soon" (decisions.md "Analytics"). */
export const EXPIRING_WITHIN_DAYS = 30;

/** Each organization's limits beside its use (the same usage count as include=licenses_used). */
async function licenseUse(db: Queryable) {
  const rows = await selectOrganizationLicenses(db);
  const usage = await licenseUsage(
    db,
    rows.map((row) => row.id),
  );
  const defaults = defaultLicenses();
  return rows.map((row) => {
    const used = usage.get(row.id)!;
    const seats = { ...defaults.tableau_user_licenses, ...row.licenses.tableau_user_licenses };
    return {
      organizationId: row.id,
      name: row.name,
      userLimit: row.licenses.user_limit ?? defaults.user_limit,
      activeUsers: used.active_users,
      explorerCount: seats.explorer_count,
      explorerUsed: used.explorer_used,
      viewerCount: seats.viewer_count,
      viewerUsed: used.viewer_used,
    };
  });
}

/** Platform usage for operators, in one call; jobs in progress as they stand now, not as the last sweep left them. */
export async function analyticsSummary(db: Database, expiringLimit: number) {
  await db.transaction((tx) => refreshJobs(tx));
  const now = new Date();
  const [bySegment, byRole, licenses, expiring, jobs, failed, counts] = await Promise.all([
    organizationsBySegment(db),
    usersByRole(db),
    licenseUse(db),
    credentialsExpiringSoon(db, now, expiringLimit, EXPIRING_WITHIN_DAYS),
    jobsInProgress(db),
    jobsFailed(db),
    totals(db),
  ]);
  return {
    organizationsBySegment: bySegment,
    usersByRole: byRole,
    licenseUse: licenses,
    credentialsExpiringSoon: expiring,
    jobsInProgress: jobs,
    jobsFailed: failed,
    totals: counts,
    generatedAt: now.toISOString(),
  };
}
