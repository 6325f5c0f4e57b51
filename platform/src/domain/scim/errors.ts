import type { DomainError } from '../errors.js';
import { type FieldProblem } from '../errors.js';

/** RFC 7644 §3.12: the schema of every error answer. */
export const ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';

/** The scimType values this service answers (RFC 7644 §3.12, table 9). */
export type ScimType =
  | 'invalidFilter'
  | 'invalidValue'
  | 'invalidSyntax'
  | 'uniqueness'
  | 'mutability'
  | 'noTarget'
  | 'tooMany'
  | 'invalidPath';

/** A refusal in SCIM's terms: an HTTP status, an optional scimType, and words naming the attribute and the rule. */
export class ScimError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly scimType?: ScimType,
  ) {
    super(detail);
  }
}

export const invalidValue = (detail: string) => new ScimError(400, detail, 'invalidValue');
export const invalidSyntax = (detail: string) => new ScimError(400, detail, 'invalidSyntax');
export const invalidFilter = (detail: string) => new ScimError(400, detail, 'invalidFilter');
export const mutability = (detail: string) => new ScimError(400, detail, 'mutability');
export const uniqueness = (detail: string) => new ScimError(409, detail, 'uniqueness');
export const resourceNotFound = (id: string) => new ScimError(404, `No User has the id ${id}.`);

/** The body of an error answer; status travels as a string (RFC 7644 §3.12). */
export function scimErrorBody(error: ScimError) {
  return {
    schemas: [ERROR_SCHEMA],
    status: String(error.status),
    ...(error.scimType ? { scimType: error.scimType } : {}),
    detail: error.detail,
  };
}

/** The SCIM attribute a domain field problem is about (the domain speaks REST field names). */
const ATTRIBUTE_OF: Readonly<Record<string, string>> = { name: 'displayName', role: 'roles', email: 'userName' };

const problemWords = (problems: FieldProblem[]) =>
  problems.map((problem) => `${ATTRIBUTE_OF[problem.param] ?? problem.param}: ${problem.msg}`).join('; ');

/**
 * A domain refusal in SCIM's terms, with the domain's own words: its rules (user limit, seats, last Org
 * Admin, grantable roles, domains) are values the directory sent that Meridian cannot take, so 400
 * invalidValue; an email already taken in the organization is a uniqueness conflict (409).
 */
export function fromDomainError(error: DomainError): ScimError {
  switch (error.kind) {
    case 'invalidFields':
      return invalidValue(problemWords((error.body.details as FieldProblem[] | undefined) ?? []));
    case 'conflict': {
      const conflicts = (error.body.conflicts as { message: string; param?: string }[] | undefined) ?? [];
      const words = conflicts.map((each) => each.message).join(' ');
      return conflicts.some((each) => each.param === 'email') ? uniqueness(words) : invalidValue(words);
    }
    case 'badRequest':
      return invalidValue(error.message);
    case 'notFound':
      return new ScimError(404, error.message);
    case 'unauthorized':
      return new ScimError(401, error.message);
    case 'forbidden':
    case 'featureUnavailable':
      return new ScimError(403, error.message);
  }
}
