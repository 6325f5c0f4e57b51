import { withInputErrors, type InputError } from '../../platform/errors.js';

/**
 * How a mutation's REST parameters are named among its GraphQL arguments. A refusal names the REST
 * parameter (customer_segment, licenses.user_limit); the console needs the argument path it sent
 * (input.customerSegment, input.userLimit) to show the message next to the right field.
 */
export interface FieldNames {
  /** Where parameters not renamed live: 'input' for input objects, '' for top-level arguments. */
  prefix: string;
  /** A REST parameter (or a leading part of one) → its GraphQL path; the longest match wins. */
  renames?: Readonly<Record<string, string>>;
  /** Renamed parameters that are maps (licenses.products): the path stops at the map, not its key. */
  opaque?: readonly string[];
}

const camelCase = (part: string) => part.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** Fastify names query and path parameters with their location; the contract does not. */
const LOCATION = /^(querystring|params|body)\./;

const join = (...parts: string[]) => parts.filter(Boolean).join('.');

/** The GraphQL argument path of a REST parameter; null for the body as a whole without an input object. */
export function graphqlField(param: string, names: FieldNames): string | null {
  if (param === 'body') return names.prefix || null;
  const bare = param.replace(LOCATION, '');
  const match = Object.keys(names.renames ?? {})
    .filter((key) => bare === key || bare.startsWith(`${key}.`))
    .sort((a, b) => b.length - a.length)[0];
  if (match !== undefined) {
    const rest = names.opaque?.includes(match) ? '' : bare.slice(match.length + 1);
    return join(names.renames![match]!, ...(rest ? rest.split('.').map(camelCase) : []));
  }
  return join(names.prefix, ...bare.split('.').map(camelCase));
}

/**
 * withInputErrors with the refusal's fields renamed to the mutation's arguments: a 400 or 409 becomes
 * the payload's inputErrors, anything else propagates as a GraphQL error.
 */
export async function withFieldErrors<T extends object>(
  names: FieldNames,
  work: () => Promise<T>,
): Promise<(T & { inputErrors: InputError[] }) | { inputErrors: InputError[] }> {
  const result = await withInputErrors(work);
  if (result.inputErrors.length === 0) return result;
  const inputErrors = result.inputErrors.map((error) => ({
    ...error,
    field: error.field === null ? null : graphqlField(error.field, names),
  }));
  return { ...result, inputErrors };
}
