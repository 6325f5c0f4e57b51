import { MESSAGES, type FeatureKey } from '@meridian/schema';

/**
 * What a service refuses, in the words of the domain: the HTTP layer alone decides the status code
 * (http/errors.ts STATUS_OF), so services and stores never import http/. Each error carries the body
 * decisions.md "REST details" gives it: validation → {message, details}, conflicts → {conflicts: [{message}]},
 * other refusals → {message}.
 */
export abstract class DomainError extends Error {
  abstract readonly kind: DomainErrorKind;
  constructor(readonly body: Record<string, unknown>) {
    super(typeof body.message === 'string' ? body.message : 'Refused');
  }
}

export type DomainErrorKind =
  'invalidFields' | 'badRequest' | 'unauthorized' | 'forbidden' | 'featureUnavailable' | 'notFound' | 'conflict';

export interface FieldProblem {
  msg: string;
  param: string;
}

export const VALIDATION_MESSAGE = 'The request has invalid fields.';

/** Fields of the request break their rules; each problem names its field. */
export class InvalidFields extends DomainError {
  readonly kind = 'invalidFields';
  constructor(readonly details: FieldProblem[]) {
    super({ message: VALIDATION_MESSAGE, details });
  }
}

/** A refusal whose body is its message alone. */
abstract class MessageRefusal extends DomainError {
  constructor(message: string) {
    super({ message });
  }
}

/** The request as a whole cannot be served (an unknown sort key, an unusable link). */
export class BadRequest extends MessageRefusal {
  readonly kind = 'badRequest';
}

/** The caller is not known (no token, a bad token, an inactive user). */
export class Unauthorized extends MessageRefusal {
  readonly kind = 'unauthorized';
}

export class Forbidden extends MessageRefusal {
  readonly kind = 'forbidden';
  constructor(message: string = MESSAGES.permissionDenied) {
    super(message);
  }
}

/** FEATURE_UNAVAILABLE: the organization has not licensed the product that enables `feature`. */
export class FeatureUnavailable extends DomainError {
  readonly kind = 'featureUnavailable';
  constructor(readonly feature: FeatureKey) {
    super({ message: MESSAGES.featureUnavailable, feature });
  }
}

export class NotFound extends MessageRefusal {
  readonly kind = 'notFound';
}

/** The request clashes with what is stored; `param` names the field whose value conflicts, when one does. */
export class Conflict extends DomainError {
  readonly kind = 'conflict';
  constructor(readonly conflicts: { message: string; param?: string }[]) {
    super({ conflicts });
  }
}

export const validationError = (details: FieldProblem[]) => new InvalidFields(details);
export const conflict = (message: string, param?: string) => new Conflict([param ? { message, param } : { message }]);
export const forbidden = (message?: string) => new Forbidden(message);
export const notFound = (what: string) => new NotFound(`${what} not found.`);
export const unauthorized = (message: string) => new Unauthorized(message);
export const badRequest = (message: string) => new BadRequest(message);
export const featureUnavailable = (feature: FeatureKey) => new FeatureUnavailable(feature);

/** Throws a validation error for every field whose validator returned a message. */
export function assertValid(checks: { param: string; msg: string | null }[]): void {
  const problems = checks.filter((c): c is FieldProblem => c.msg !== null);
  if (problems.length > 0) throw validationError(problems);
}
