import type { OrganizationStatus, Role } from '@meridian/schema';
import type { PlatformClient } from '../../platform/client-types.js';

export interface RestExpiringCredential {
  id: string;
  organizationId: string;
  userEmail: string | null;
  generatedAt: string;
  expiresAt: string;
  daysToExpire: number;
}

/** GET /analytics/summary: the analytics screen in one call. */
export interface RestAnalyticsSummary {
  organizationsBySegment: { segment: string; status: OrganizationStatus; count: number }[];
  usersByRole: { role: Role; active: boolean; count: number }[];
  licenseUse: {
    organizationId: string;
    name: string;
    userLimit: number;
    activeUsers: number;
    explorerCount: number;
    explorerUsed: number;
    viewerCount: number;
    viewerUsed: number;
  }[];
  /** The soonest-expiring (100 by default) and how many there are in all. */
  credentialsExpiringSoon: { data: RestExpiringCredential[]; total: number };
  jobsInProgress: {
    organizationId: string;
    name: string;
    kind: string;
    startedAt: string;
    stepsDone: number;
    stepsTotal: number;
  }[];
  jobsFailed: {
    organizationId: string;
    name: string;
    kind: string;
    failedAt: string | null;
    step: string | null;
    reason: string | null;
  }[];
  totals: { organizations: number; users: number; activeUsers: number };
  generatedAt: string;
}

export function analyticsSummary(platform: PlatformClient): Promise<RestAnalyticsSummary> {
  return platform.get<RestAnalyticsSummary>('/analytics/summary');
}
