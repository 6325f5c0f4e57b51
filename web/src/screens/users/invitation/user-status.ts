import { INVITATIONS_COUNT_NOTE, USER_STATUSES, type UserStatus } from '@meridian/schema';
import { Intent } from '@blueprintjs/core';
import type { UserStatus as UserStatusEnum } from '../../../gql/graphql.js';

/** The URL parameter of the users list's status filter (issue 18). */
export const STATUS_PARAM = 'status';

const LABELS: Readonly<Record<UserStatus, string>> = { active: 'Active', invited: 'Invited', inactive: 'Inactive' };
const INTENTS: Readonly<Record<UserStatus, Intent>> = {
  active: Intent.SUCCESS,
  invited: Intent.PRIMARY,
  inactive: Intent.NONE,
};

export const statusOfEnum = (value: UserStatusEnum): UserStatus => value.toLowerCase() as UserStatus;
export const statusEnumOf = (status: UserStatus): UserStatusEnum => status.toUpperCase() as UserStatusEnum;
export const statusLabel = (status: UserStatus): string => LABELS[status];

const MEANINGS: Readonly<Record<UserStatus, string>> = {
  active: 'The user can sign in.',
  invited: `The user can sign in once they set a password from their invitation. ${INVITATIONS_COUNT_NOTE}`,
  inactive: 'The user cannot sign in.',
};
/** What the status means for signing in, after its tag. */
export const statusMeaning = (status: UserStatus): string => MEANINGS[status];
export const statusIntent = (status: UserStatus): Intent => INTENTS[status];

/** A status from the URL; anything else is no filter. */
export function parseStatus(value: string | null): UserStatus | null {
  return (USER_STATUSES as readonly string[]).includes(value ?? '') ? (value as UserStatus) : null;
}

/** The filter's options: every status, or one. */
export const STATUS_FILTER_OPTIONS = [
  { value: '', label: 'All statuses' },
  ...USER_STATUSES.map((status) => ({ value: status, label: LABELS[status] })),
];
