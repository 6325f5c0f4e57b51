/**
 * The list fields of an organization: email domains and sign-in callback URLs. The console checks each
 * entry as it is added with the platform's validators, so a typo is caught beside the field rather than
 * by a failed deployment later.
 */
import { firstProblem, normalizeDomain, validateCallbackUrl, validateDomain } from '@meridian/schema';

export const DOMAIN_REQUIRED_MESSAGE = 'Add at least one domain.';

export const normalizeCallbackUrl = (value: string): string => value.trim();

/** How one kind of list entry is cleaned and checked. */
export interface ListEntryRules {
  normalize: (value: string) => string;
  validate: (value: string) => string | null;
}

export const DOMAIN_RULES: ListEntryRules = { normalize: normalizeDomain, validate: validateDomain };
export const CALLBACK_URL_RULES: ListEntryRules = { normalize: normalizeCallbackUrl, validate: validateCallbackUrl };

/**
 * Adds typed entries to a list: the list with the valid new entries (cleaned, without repeats), and
 * the entries refused with the first refusal's message.
 */
export function addEntries(
  list: readonly string[],
  typed: readonly string[],
  rules: ListEntryRules,
): { list: string[]; refused: string[]; message: string | null } {
  const next = [...list];
  const refused: string[] = [];
  let message: string | null = null;
  for (const raw of typed) {
    const value = rules.normalize(raw);
    if (value === '') continue;
    const problem = rules.validate(value);
    if (problem) {
      refused.push(raw.trim());
      message ??= problem;
    } else if (!next.includes(value)) {
      next.push(value);
    }
  }
  return { list: next, refused, message };
}

/** The first problem of a whole list (an entry that slipped in unchecked), or null. */
export function listProblem(list: readonly string[], rules: ListEntryRules): string | null {
  return firstProblem(list, rules.validate);
}
