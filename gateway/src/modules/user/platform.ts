import type { Role, TableauLicense } from '@meridian/schema';
import type { ListResult, PlatformClient, Query } from '../../platform/client-types.js';
import { segment } from '../common/platform.js';
import type { RestInvitation, RestUserStatus } from '../invitation/platform.js';

/** One data-access credential as a user record lists it (keyed by credential id). */
export interface RestDataAccessEntry {
  active: boolean;
  generated_timestamp: string;
  days_to_expire: number;
}

/** A user record as the platform answers it (spec section 3); it never carries the password. */
export interface RestUser {
  name: string;
  email: string;
  alternateEmail: string | null;
  role: Role;
  active: boolean;
  direct_data_access_enabled: boolean;
  organizationId: string;
  tableauConfig: { tableauLicense: TableauLicense | null; tableauUser: boolean };
  data_access_info: Record<string, RestDataAccessEntry>;
  passwordChangedAt: string;
  passwordExpiresAt: string;
  isPasswordExpiring: boolean;
  daysLeftForPasswordExpiry: number;
  createdAt: string;
  updatedAt: string;
  status: RestUserStatus;
  invitation: RestInvitation | null;
  /** Only on GET /user/email/{email}: what every user may know of their own organization. */
  organization?: { id: string; name: string; biPortalUrl: string | null };
}

/** REST sort keys of GET /user (its allow-list). */
export type RestUserSortField = 'name' | 'email' | 'role' | 'active' | 'createdAt';

/** Fields of POST /user and PUT /user?organizationId. */
export interface RestUserFields {
  name?: string;
  alternateEmail?: string | null;
  role?: Role;
  tableauConfig?: { tableauLicense: TableauLicense | null };
  direct_data_access_enabled?: boolean;
}

export interface RestUserCreate extends RestUserFields {
  name: string;
  email: string;
  /** Omitted: the user is invited to set their own (issue 18). */
  password?: string;
  allowOutsideDomain?: boolean;
}

export const userPath = (email: string) => `/user/${segment(email)}`;

/** One user; anyone reads their own. Every lazy read of a user goes through this one call. */
export function getUser(platform: PlatformClient, email: string): Promise<RestUser> {
  return platform.get<RestUser>(`/user/email/${segment(email)}`);
}

/** Users of an organization, or (without organizationId) of every organization. */
export function listUsers(platform: PlatformClient, query: Query): Promise<ListResult<RestUser>> {
  return platform.list<RestUser>('/user', query);
}

export function createUser(platform: PlatformClient, organizationId: string, body: RestUserCreate): Promise<RestUser> {
  return platform.post<RestUser>('/user', body, { organizationId });
}

export function updateUser(
  platform: PlatformClient,
  organizationId: string,
  email: string,
  fields: RestUserFields,
): Promise<RestUser> {
  return platform.put<RestUser>('/user', { email, ...fields }, { organizationId });
}

/** PUT /user with a body of only {email, active} is the activation call. */
export function setUserActive(platform: PlatformClient, email: string, active: boolean): Promise<RestUser> {
  return platform.put<RestUser>('/user', { email, active });
}

export function setUserDataAccess(platform: PlatformClient, email: string, enabled: boolean): Promise<RestUser> {
  return platform.put<RestUser>(`${userPath(email)}/data-access`, { direct_data_access_enabled: enabled });
}
