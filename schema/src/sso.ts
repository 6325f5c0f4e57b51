import type { Operation } from './operations.js';

/**
 * The operation a save of a single sign-on connection is (issue 39): setOrganizationSso, which the
 * organization's admins may do, unless it names whether Org Admins keep their password and second factor
 * as the emergency way in. Only operators send that, whichever way: it is the one thing that decides
 * whether a hospital can still get in when its identity provider fails. Left out, the stored value stays.
 */
export function ssoConnectionOperation(
  input: { adminEmergencyAccess?: boolean | null | undefined } | null | undefined,
): Operation {
  return input?.adminEmergencyAccess == null ? 'setOrganizationSso' : 'setSsoAdminEmergencyAccess';
}
