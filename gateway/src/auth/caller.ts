import DataLoader from 'dataloader';
import { DEFAULT_ROLE, MESSAGES, isRole, isSessionEndedMessage } from '@meridian/schema';
import type { Caller } from '../context.js';
import { getUser } from '../modules/user/platform.js';
import type { PlatformClient } from '../platform/client-types.js';
import { PlatformCallCancelled, PlatformError } from '../platform/errors.js';
import { AuthRefusal, sessionEnded } from './errors.js';
import type { CachedUser, UserRecordCache } from './user-cache.js';
import type { TokenIdentity } from './identity.js';

/** The platform could not say who the caller is (down, timed out): the request cannot be authorized. */
export class CallerUnavailable extends Error {
  constructor(override readonly cause: PlatformError) {
    super(cause.message);
    this.name = 'CallerUnavailable';
  }
}

type Lookup = { found: true; user: CachedUser } | { found: false };

/** A missing record: the platform answers 404, or 403 with the user-missing message for the user's own token. */
function isMissing(error: PlatformError): boolean {
  return error.status === 404 || (error.status === 403 && error.message === MESSAGES.userMissing);
}

async function fetchOwnRecord(platform: PlatformClient, subject: string): Promise<Lookup> {
  try {
    const { email, name, role, organizationId } = await getUser(platform, subject);
    return { found: true, user: { email, name, role, organizationId } };
  } catch (error) {
    if (!(error instanceof PlatformError) || error instanceof PlatformCallCancelled) throw error;
    if (isMissing(error)) return { found: false };
    // The platform refuses an inactive user's own token with 401, and a token of an ended session.
    // The platform's words say why the session ended (an administrator, a reset…): passed on as they are.
    if (error.status === 401 && isSessionEndedMessage(error.message)) throw sessionEnded(error.message);
    if (error.status === 401)
      throw new AuthRefusal(401, MESSAGES.inactiveUser, 'UNAUTHENTICATED', 'Bearer error="invalid_token"', 'inactive');
    if (error.status === 403)
      throw new AuthRefusal(403, error.message, 'FORBIDDEN', undefined, 'platform refused the caller');
    throw new CallerUnavailable(error);
  }
}

/**
 * Refuses a token of an ended session. The platform, asked with that token (never the cache), says
 * whether the session ended with the person's deactivation (refused as inactive, which the console tells
 * people) or otherwise (refused as ended, in the words of why it ended). One call, and only for a
 * refused token.
 */
export async function refuseEndedSession(platform: PlatformClient, subject: string): Promise<never> {
  await fetchOwnRecord(platform, subject);
  throw sessionEnded();
}

/**
 * Users' records for one request (a new loader per request: its memo dies with the request), batched
 * with DataLoader and answered from the cross-request cache when fresh. Each is fetched with the
 * request's own platform client, i.e. the caller's own token.
 */
export function userRecordLoader(platform: PlatformClient, cache: UserRecordCache): DataLoader<string, Lookup> {
  return new DataLoader<string, Lookup>((subjects) =>
    Promise.all(
      subjects.map(async (subject) => {
        const cached = cache.get(subject);
        if (cached) return { found: true, user: cached } as const;
        const lookup = await fetchOwnRecord(platform, subject);
        if (lookup.found) cache.set(subject, lookup.user);
        return lookup;
      }),
    ),
  );
}

/**
 * The caller behind a verified token. Tools act as the role configured for their client; users as the
 * role of their record (orgUser when it names none, and when the platform has no record at all, which
 * `missingRecord` tells the viewer field). Throws AuthRefusal (inactive) or CallerUnavailable.
 */
export async function resolveCaller(identity: TokenIdentity, users: DataLoader<string, Lookup>): Promise<Caller> {
  if (identity.kind === 'client') {
    return {
      kind: 'client',
      subject: identity.subject,
      name: identity.subject,
      role: identity.role,
      organizationId: identity.organizationId,
    };
  }
  const lookup = await users.load(identity.subject);
  if (!lookup.found) {
    return {
      kind: 'user',
      subject: identity.subject,
      name: identity.subject,
      role: DEFAULT_ROLE,
      organizationId: '',
      missingRecord: true,
    };
  }
  const { user } = lookup;
  return {
    kind: 'user',
    subject: identity.subject,
    name: user.name,
    role: isRole(user.role) ? user.role : DEFAULT_ROLE,
    organizationId: user.organizationId,
  };
}
