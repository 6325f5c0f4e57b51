import {
  USER_PROVENANCE_LABELS,
  USER_PROVENANCE_MEANINGS,
  USER_PROVENANCES,
  type UserProvenance,
} from '@meridian/schema';
import type { UserProvenance as UserProvenanceEnum } from '../../../gql/graphql.js';
import { formatDateTime } from '../../../lib/dates.js';

/** The URL parameter of the users list's provenance filter (issue 39). */
export const PROVENANCE_PARAM = 'provenance';

export const provenanceOfEnum = (value: UserProvenanceEnum): UserProvenance => value.toLowerCase() as UserProvenance;
export const provenanceEnumOf = (provenance: UserProvenance): UserProvenanceEnum =>
  provenance.toUpperCase() as UserProvenanceEnum;

/** How a person came, in words: "Invitation", "Single sign-on", "Directory (SCIM)", "Console". */
export const provenanceLabel = (value: UserProvenanceEnum): string => USER_PROVENANCE_LABELS[provenanceOfEnum(value)];
/** What that means, a sentence for the profile. */
export const provenanceMeaning = (value: UserProvenanceEnum): string =>
  USER_PROVENANCE_MEANINGS[provenanceOfEnum(value)];

/** A provenance from the URL; anything else is no filter. */
export function parseProvenance(value: string | null): UserProvenance | null {
  return (USER_PROVENANCES as readonly string[]).includes(value ?? '') ? (value as UserProvenance) : null;
}

/** The filter's options: every way a person comes, or one. */
export const PROVENANCE_FILTER_OPTIONS = [
  { value: '', label: 'All sources' },
  ...USER_PROVENANCES.map((provenance) => ({ value: provenance, label: USER_PROVENANCE_LABELS[provenance] })),
];

/** When the person last signed in: a date and time, or "Never". */
export const lastSignInText = (value: unknown): string => (value ? formatDateTime(value) : 'Never');
