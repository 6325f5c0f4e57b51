import { PlatformError } from '../../platform/errors.js';

/** A single-record read answers null for a record that does not exist (the field is nullable). */
export async function orNullWhenNotFound<T>(work: Promise<T>): Promise<T | null> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof PlatformError && error.status === 404) return null;
    throw error;
  }
}

/** A read whose argument the platform refuses (400: a link expired or used) answers null; the field says what null means. */
export async function orNullWhenInvalid<T>(work: Promise<T>): Promise<T | null> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof PlatformError && error.status === 400) return null;
    throw error;
  }
}

/**
 * A read the caller's role may not make answers null rather than failing the whole object: the fields
 * documented "when the role may read it" (the viewer's organization, a user's organization).
 */
export async function orNullWhenRefused<T>(work: Promise<T>): Promise<T | null> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof PlatformError && (error.status === 403 || error.status === 404)) return null;
    throw error;
  }
}
