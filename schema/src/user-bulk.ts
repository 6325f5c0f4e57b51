/**
 * Bulk activation and deactivation of an organization's users (issue 18). The platform applies a
 * selection in batches, one transaction each, and answers each row's outcome; the console and the
 * gateway read the same limits and words.
 */

/** Users one request may select, by email or as "all matching". */
export const BULK_USERS_LIMIT = 10000;

/** Users changed per transaction: short locks on the organization, and a failure loses one batch at most. */
export const BULK_USERS_BATCH = 500;

export const BULK_OUTCOMES = ['changed', 'unchanged', 'refused'] as const;
/** changed: the state was switched (and audited); unchanged: already so; refused: see the reason. */
export type BulkOutcome = (typeof BULK_OUTCOMES)[number];

export const BULK_USER_NOT_FOUND_MESSAGE = 'No such user in this organization.';

/** Roles above the caller's grant keep their state (the single-user call refuses them with 403). */
export const bulkRoleRefusal = (roleLabel: string): string => `You cannot activate or deactivate a ${roleLabel}.`;

export const bulkTooManyMessage = (count: number): string =>
  `Select at most ${BULK_USERS_LIMIT} users at once; ${count} are selected. Narrow the search.`;
