import { PlatformError } from '../../platform/errors.js';
import type { Caller } from '../../context.js';
import type { PlatformClient } from '../../platform/client-types.js';
import { getUser, type RestUser } from '../user/platform.js';

/** What Viewer resolves from: the verified caller and, for a person, their user record. */
export interface ViewerSource {
  caller: Caller;
  /** null for an internal tool (client credentials): it has no user record. */
  user: RestUser | null;
}

/**
 * The caller's own user record (anyone reads their own; the client makes the call once per request).
 * undefined when the platform has none.
 */
export async function ownRecord(platform: PlatformClient, caller: Caller): Promise<RestUser | undefined> {
  if (caller.missingRecord) return undefined;
  try {
    return await getUser(platform, caller.subject);
  } catch (error) {
    if (error instanceof PlatformError && error.status === 404) return undefined;
    throw error;
  }
}
