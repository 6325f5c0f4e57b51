import {
  FEATURE_KEYS,
  PERMISSIONS,
  permissionsOf,
  roleFromEnum,
  DEFAULT_ROLE,
  TABLEAU_LICENSES,
  type FeatureKey,
  type Permission,
  type Role,
  type TableauLicense,
} from '@meridian/schema';
import type { SessionViewerQuery } from '../gql/graphql.js';

export type ViewerData = SessionViewerQuery['viewer'];

/** A data-access credential of the user as the banner reads it. */
export interface SessionDataAccessEntry {
  id: string;
  active: boolean;
  /** ISO 8601. */
  generatedAt: string;
  daysToExpire: number;
}

/** The current user of spec section 3 (tokens stay in the auth layer; see useAuthSession). */
export interface SessionUser {
  email: string;
  name: string;
  /** The schema's role key; 'orgUser' when unknown (spec section 3). */
  role: Role;
  organizationId: string;
  organizationName: string | null;
  permissions: Permission[];
  isPasswordExpiring: boolean;
  daysLeftForPasswordExpiry: number;
  /** ISO 8601, when the user has a password (internal tools have none). */
  passwordExpiresAt: string | null;
  directDataAccessEnabled: boolean;
  dataAccessInfo: SessionDataAccessEntry[];
  /** Whether each feature is available to the user's organization. */
  features: Record<FeatureKey, boolean>;
  tableauLicense: TableauLicense | null;
  biPortalUrl: string | null;
  /** An internal tool signed in with client credentials. */
  isClient: boolean;
  /** The gateway runs documents of the user's own (the sandbox), not only the console's operations. */
  mayRunOwnDocuments: boolean;
  /** When the access token expires (epoch ms): the session user is rebuilt when it changes. */
  expiresAt: number;
}

/** Name and role from a newer source than the viewer query (a cached user list entry). */
export interface RecordOverride {
  name: string;
  role: Role;
}

const isPermission = (value: string): value is Permission => (PERMISSIONS as readonly string[]).includes(value);

function featuresOf(viewer: ViewerData): Record<FeatureKey, boolean> {
  const features = Object.fromEntries(FEATURE_KEYS.map((key) => [key, false])) as Record<FeatureKey, boolean>;
  for (const feature of viewer.features) {
    if ((FEATURE_KEYS as readonly string[]).includes(feature.key))
      features[feature.key as FeatureKey] = feature.isAvailable;
  }
  return features;
}

function tableauLicenseOf(value: string | null | undefined): TableauLicense | null {
  const level = value?.toLowerCase();
  return level && (TABLEAU_LICENSES as readonly string[]).includes(level) ? (level as TableauLicense) : null;
}

/** The role key of a GraphQL enum value; the default role when it names none we know. */
export const roleOf = (value: string | null | undefined): Role =>
  (value ? roleFromEnum(value) : undefined) ?? DEFAULT_ROLE;

/**
 * The session user from the viewer query and the token's expiry. With an override (a newer name or
 * role from a cached user list), the permissions follow the overriding role from the one table.
 */
export function buildSessionUser(viewer: ViewerData, expiresAt: number, override?: RecordOverride | null): SessionUser {
  const viewerRole = roleOf(viewer.role);
  const role = override?.role ?? viewerRole;
  const permissions = role === viewerRole ? viewer.permissions.filter(isPermission) : [...permissionsOf(role)];
  return {
    email: viewer.email.toLowerCase(),
    name: override?.name ?? viewer.name,
    role,
    organizationId: viewer.organizationId,
    organizationName: viewer.organizationName ?? null,
    permissions,
    isPasswordExpiring: viewer.isPasswordExpiring,
    daysLeftForPasswordExpiry: viewer.daysLeftForPasswordExpiry,
    passwordExpiresAt: typeof viewer.passwordExpiresAt === 'string' ? viewer.passwordExpiresAt : null,
    directDataAccessEnabled: viewer.directDataAccessEnabled,
    dataAccessInfo: viewer.dataAccessInfo.map((entry) => ({
      id: entry.id,
      active: entry.active,
      generatedAt: typeof entry.generatedAt === 'string' ? entry.generatedAt : '',
      daysToExpire: entry.daysToExpire,
    })),
    features: featuresOf(viewer),
    tableauLicense: tableauLicenseOf(viewer.tableauLicense),
    biPortalUrl: viewer.biPortalUrl ?? null,
    isClient: viewer.isClient,
    mayRunOwnDocuments: viewer.mayRunOwnDocuments,
    expiresAt,
  };
}

/**
 * The override a cached user list entry calls for: its name or role differ from the viewer's.
 * null when they agree (or there is no entry).
 */
export function recordOverride(
  viewer: Pick<ViewerData, 'name' | 'role'>,
  record: { name: string; role: string } | null | undefined,
): RecordOverride | null {
  if (!record) return null;
  const role = roleOf(record.role);
  if (record.name === viewer.name && role === roleOf(viewer.role)) return null;
  return { name: record.name, role };
}
