import type { SwitchSegmentInput } from '../../../../gql/graphql.js';
import type { FieldErrors } from '../../shared/field-rules.js';
import type { DependencyMap } from '../licenses/license-products.js';
import { toLicensesInput, validateLicenses, type LicenseField, type LicenseValues } from '../licenses/licenses-form.js';

export interface SwitchSegmentValues {
  customerSegment: string;
  medicareLicensed: boolean;
  /** Whether licenses change along with the segment. */
  changeLicenses: boolean;
  licenses: LicenseValues;
}

export type SwitchSegmentField = 'customerSegment' | 'medicareLicensed' | `licenses.${LicenseField}`;

export const SAME_SEGMENT_MESSAGE = 'Choose a different segment, or change the Medicare licensing or the licenses.';

/** Every field's problem; a switch that changes nothing is refused beside the segment. */
export function validateSwitchSegment(
  values: SwitchSegmentValues,
  saved: { customerSegment: string; medicareLicensed: boolean; licenses: LicenseValues },
  dependencies: DependencyMap,
): FieldErrors<SwitchSegmentField> {
  const errors: FieldErrors<SwitchSegmentField> = {};
  if (values.changeLicenses) {
    for (const [field, message] of Object.entries(validateLicenses(values.licenses))) {
      errors[`licenses.${field as LicenseField}`] = message;
    }
  }
  if (Object.keys(errors).length === 0 && toSwitchSegmentInput(values, saved, dependencies) === null) {
    errors.customerSegment = SAME_SEGMENT_MESSAGE;
  }
  return errors;
}

/**
 * The switchSegment input: segment and Medicare licensing always (the call needs both), licenses only
 * when asked for and only what changed (usage figures never). Null when nothing would change.
 */
export function toSwitchSegmentInput(
  values: SwitchSegmentValues,
  saved: { customerSegment: string; medicareLicensed: boolean; licenses: LicenseValues },
  dependencies: DependencyMap,
): SwitchSegmentInput | null {
  const licenses = values.changeLicenses ? toLicensesInput(values.licenses, saved.licenses, dependencies) : null;
  const same =
    values.customerSegment === saved.customerSegment && values.medicareLicensed === saved.medicareLicensed && !licenses;
  if (same) return null;
  return {
    customerSegment: values.customerSegment,
    medicareLicensed: values.medicareLicensed,
    ...(licenses ? { licenses } : {}),
  };
}
