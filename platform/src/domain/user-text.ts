import { USER_TEXT_FIELDS, userTextOf, validateUserText, type UserTextValues } from '@meridian/schema';
import type { UserTextColumns } from '../stores/users.js';

// A user's optional text fields (schema's USER_TEXT_FIELDS) between a body, the row and the record,
// by the list: a new field changes none of this.

/** Some of the fields, as a body, a directory or an identity provider gives them (left out: unchanged). */
export type GivenUserText = Partial<Record<keyof UserTextValues, string | null>>;

/** A new user's: none. */
export const NO_USER_TEXT = Object.fromEntries(USER_TEXT_FIELDS.map(({ column }) => [column, null])) as UserTextColumns;

/** The columns of what `given` says (trimmed; blank is none), over `base`'s where it says nothing. */
export const userTextColumns = (given: GivenUserText, base: UserTextColumns) =>
  Object.fromEntries(
    USER_TEXT_FIELDS.map(({ field, column }) => [
      column,
      given[field] === undefined ? base[column] : userTextOf(given[field]),
    ]),
  ) as UserTextColumns;

/** The record's fields of a row. */
export const userTextFields = (row: UserTextColumns) =>
  Object.fromEntries(USER_TEXT_FIELDS.map(({ field, column }) => [field, row[column]])) as UserTextValues;

/** Each given field's problem (too long, control characters), by its REST name. */
export const userTextProblems = (given: GivenUserText) =>
  USER_TEXT_FIELDS.map((spec) => ({ param: spec.field, msg: validateUserText(spec, given[spec.field]) }));

/**
 * The texts an identity provider sent: for each field, the first of its claims (`oidcClaims`) or
 * attributes (`samlAttributes`) that `valueOf` finds. One the field's rule refuses (too long) is left
 * out, so what is stored stays.
 */
export function userTextFromProvider(
  names: 'oidcClaims' | 'samlAttributes',
  valueOf: (name: string) => string | undefined,
): GivenUserText {
  const given: GivenUserText = {};
  for (const spec of USER_TEXT_FIELDS) {
    const value = spec[names].map(valueOf).find((each) => each !== undefined);
    if (value !== undefined && validateUserText(spec, value) === null) given[spec.field] = value;
  }
  return given;
}
