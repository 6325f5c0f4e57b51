import {
  grantableRoles,
  grantableRolesIn,
  isOperatorsOrganization,
  isSystemRole,
  roleFromEnum,
  roleLabel,
  roleToEnum,
  TABLEAU_LICENSES,
  type Role,
  type TableauLicense,
} from '@meridian/schema';
import type { Role as RoleEnum, TableauLicense as TableauLicenseEnum } from '../../../gql/graphql.js';

/** A choice of a select: its value and the words shown for it. */
export interface Option<T extends string> {
  value: T;
  label: string;
}

/** The role of a GraphQL enum value as the schema's key (ORG_ADMIN → orgAdmin); null when unknown. */
export function roleKeyOf(value: string | null | undefined): Role | null {
  return (value ? roleFromEnum(value) : undefined) ?? null;
}

/** The GraphQL enum value of a role key (orgAdmin → ORG_ADMIN). */
export function roleEnumOf(role: Role): RoleEnum {
  return roleToEnum(role) as RoleEnum;
}

/** A role's label for display ('Meridian Admin', 'Org User'); the product name is configuration. */
export function roleText(value: string | null | undefined, productName: string): string {
  const role = roleKeyOf(value);
  return role ? roleLabel(role, productName) : 'Unknown role';
}

/**
 * The roles a signed-in user of `granter` role may give to a user of the organization named
 * `organizationName` (schema's grantableRolesIn: system roles only in the operators' organization);
 * null while the organization is not known yet.
 */
export function roleOptions(granter: Role, productName: string, organizationName: string | null): Option<Role>[] {
  const roles =
    organizationName === null ? grantableRoles(granter) : grantableRolesIn(granter, organizationName, productName);
  return roles.map((role) => ({ value: role, label: roleLabel(role, productName) }));
}

/** Why system roles are not offered for this organization's users, when the granter could give them. */
export function systemRolesHint(
  granter: Role,
  productName: string,
  organizationName: string | null,
): string | undefined {
  if (organizationName === null || isOperatorsOrganization(organizationName, productName)) return undefined;
  if (!grantableRoles(granter).some(isSystemRole)) return undefined;
  return `${roleLabel('systemAdmin', productName)} and ${roleLabel('systemViewer', productName)} reach every organization, so they are only for users of the ${productName} organization.`;
}

/** Words of each Tableau license level (spec section 3: Viewer, Explorer, Creator). */
const TABLEAU_LABELS: Readonly<Record<TableauLicense, string>> = {
  viewer: 'Viewer',
  explorer: 'Explorer',
  creator: 'Creator',
};

/** A form's Tableau choice: a level, or none. */
export type TableauChoice = TableauLicense | 'none';

export const NO_TABLEAU_LICENSE_LABEL = 'No license';

export const TABLEAU_OPTIONS: readonly Option<TableauChoice>[] = [
  { value: 'none', label: NO_TABLEAU_LICENSE_LABEL },
  ...TABLEAU_LICENSES.map((level) => ({ value: level, label: TABLEAU_LABELS[level] })),
];

/**
 * The GraphQL enum value of a level. The contract's enum is upper case; the gateway sends the
 * platform the lowercase level (viewer, explorer, creator) the schema's TABLEAU_LICENSES lists.
 */
export function tableauEnumOf(level: TableauLicense): TableauLicenseEnum {
  return level.toUpperCase() as TableauLicenseEnum;
}

/** The level of a GraphQL enum value; 'none' for null or a value we do not know. */
export function tableauChoiceOf(value: string | null | undefined): TableauChoice {
  const level = value?.toLowerCase();
  return (TABLEAU_LICENSES as readonly string[]).includes(level ?? '') ? (level as TableauLicense) : 'none';
}

/** A level's label ('Explorer'), or 'No license'. */
export function tableauText(value: string | null | undefined): string {
  const choice = tableauChoiceOf(value);
  return choice === 'none' ? NO_TABLEAU_LICENSE_LABEL : TABLEAU_LABELS[choice];
}

/**
 * The text of a custom scalar (Email, DateTime). The client preset types custom scalars as unknown;
 * the gateway answers them as strings.
 */
export function scalarText(value: unknown): string {
  return typeof value === 'string' ? value : '';
}
