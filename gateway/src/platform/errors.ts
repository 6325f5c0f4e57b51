/** A problem a user can fix, naming the field (the contract's InputError). */
export interface InputError {
  field: string | null;
  message: string;
}

/**
 * A refused or failed platform call. `message` is resolved from the response as spec section 8 says
 * (see resolveErrorMessage); the raw body is never exposed beyond it.
 */
export class PlatformError extends Error {
  constructor(
    /** HTTP status; undefined when no response came (transport failure). */
    readonly status: number | undefined,
    message: string,
    /** Field problems of a 400 (details) or a 409 (conflicts, field null). */
    readonly inputErrors: InputError[] = [],
  ) {
    super(message);
    this.name = 'PlatformError';
  }

  /** A refusal the user can fix by changing the input (400 validation, 409 conflict). */
  get isInputError(): boolean {
    return this.status === 400 || this.status === 409;
  }
}

/**
 * A platform call abandoned because the client disconnected: it is logged (info), never reported as an
 * error, since nobody is left to read the answer.
 */
export class PlatformCallCancelled extends PlatformError {
  constructor() {
    super(undefined, 'The request was cancelled by the client.');
    this.name = 'PlatformCallCancelled';
  }
}

/**
 * Runs a mutation's platform call; an input error becomes the payload's inputErrors, anything else
 * propagates (and becomes a GraphQL error with the resolved message).
 */
export async function withInputErrors<T extends object>(
  work: () => Promise<T>,
): Promise<(T & { inputErrors: InputError[] }) | { inputErrors: InputError[] }> {
  try {
    return { ...(await work()), inputErrors: [] };
  } catch (error) {
    if (error instanceof PlatformError && error.isInputError) {
      return {
        inputErrors: error.inputErrors.length > 0 ? error.inputErrors : [{ field: null, message: error.message }],
      };
    }
    throw error;
  }
}
