/**
 * The command palette's search (issue 18): how long its text may be and how many hits of each kind it
 * may ask for. The gateway refuses other values with these messages; the console waits for the
 * shortest text before asking.
 */

/** Shorter texts would match half the platform. */
export const SEARCH_TEXT_MIN_LENGTH = 2;
/** The platform's lists accept searches up to this length. */
export const SEARCH_TEXT_MAX_LENGTH = 200;
/** Hits of each kind (organizations, users): a palette, not a directory. */
export const SEARCH_LIMIT_MAX = 20;

export const SEARCH_TEXT_MESSAGE = `text must be ${SEARCH_TEXT_MIN_LENGTH} to ${SEARCH_TEXT_MAX_LENGTH} characters (spaces at either end not counted).`;
export const SEARCH_LIMIT_MESSAGE = `limit must be between 1 and ${SEARCH_LIMIT_MAX}.`;

/** The message for a search text the gateway refuses, or null when it is searchable. */
export function searchTextProblem(text: string): string | null {
  const length = text.trim().length;
  return length < SEARCH_TEXT_MIN_LENGTH || length > SEARCH_TEXT_MAX_LENGTH ? SEARCH_TEXT_MESSAGE : null;
}

export function searchLimitProblem(limit: number): string | null {
  return Number.isInteger(limit) && limit >= 1 && limit <= SEARCH_LIMIT_MAX ? null : SEARCH_LIMIT_MESSAGE;
}
