import { stripLicenseUsage } from '@meridian/schema';
import type { LicensesInput } from '../../generated/resolvers-types.js';
import type { FieldNames } from '../common/input-errors.js';
import type { RestLicensesPatch } from './platform.js';

/** Only the parts of an object whose values were given (GraphQL null = not given, here). */
function given<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null && v !== undefined)) as Partial<T>;
}

/**
 * The REST licenses patch of a LicensesInput: the products list becomes the products map, and the
 * read-only usage keys are stripped (schema's exclusion list), whatever a caller put in.
 */
export function toLicensesPatch(input: LicensesInput): RestLicensesPatch {
  const seats = input.tableauUserLicenses
    ? given({
        explorer_count: input.tableauUserLicenses.explorerCount,
        viewer_count: input.tableauUserLicenses.viewerCount,
      })
    : undefined;
  const products = input.products
    ? Object.fromEntries(input.products.map((entry) => [entry.product, { enabled: entry.enabled }]))
    : undefined;
  const patch = given({ user_limit: input.userLimit, tableau_user_licenses: seats, products });
  return stripLicenseUsage(patch as RestLicensesPatch);
}

/** Where a licenses refusal points, with the licenses object at `path` among the arguments. */
export function licenseFieldNames(path: string): FieldNames {
  return {
    prefix: 'input',
    renames: { licenses: path, 'licenses.products': `${path}.products` },
    opaque: ['licenses.products'],
  };
}
