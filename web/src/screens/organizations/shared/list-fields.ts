/**
 * The list fields of an organization: email domains and sign-in callback URLs. The platform stores
 * them as lists of strings (callback URLs must parse as URIs there); the console checks each entry as
 * it is added, so a typo is caught beside the field rather than by a failed deployment later.
 * (@meridian/schema has no validator for these yet: see docs/decisions.md.)
 */

export const DOMAIN_MESSAGE = 'Domain must be a host name, like acme.org.';
export const DOMAIN_REQUIRED_MESSAGE = 'Add at least one domain.';
export const CALLBACK_URL_MESSAGE =
  'Callback URL must be a full http or https address, like https://app.acme.org/callback.';

const HOST_NAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** Domains compare case-insensitively: kept trimmed and lowercase. */
export const normalizeDomain = (value: string): string => value.trim().toLowerCase();

export function validateDomain(value: string): string | null {
  return HOST_NAME.test(normalizeDomain(value)) ? null : DOMAIN_MESSAGE;
}

export const normalizeCallbackUrl = (value: string): string => value.trim();

export function validateCallbackUrl(value: string): string | null {
  try {
    const url = new URL(normalizeCallbackUrl(value));
    return url.protocol === 'https:' || url.protocol === 'http:' ? null : CALLBACK_URL_MESSAGE;
  } catch {
    return CALLBACK_URL_MESSAGE;
  }
}

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
  for (const value of list) {
    const problem = rules.validate(value);
    if (problem) return problem;
  }
  return null;
}
