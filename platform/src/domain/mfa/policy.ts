import { isSystemRole } from '@meridian/schema';
import type { PlatformConfig } from '../../config.js';
import type { Queryable } from '../../db/database.js';
import { factorCounts, organizationRequiresMfa } from '../../stores/mfa.js';
import type { SignedInUser } from '../login.js';

/** What a sign-in asks for after the password. */
export type SecondStep = 'verify' | 'enroll' | 'none';

/**
 * Who must use a second factor (issue 29): everyone of an organization that requires it, and in
 * production the platform's own operators (system roles). The embedded start keeps its seeded
 * operators on a password alone, so trying the console stays one step.
 */
export async function factorRequired(
  db: Queryable,
  config: Pick<PlatformConfig, 'appEnv'>,
  user: Pick<SignedInUser, 'role' | 'organizationId'>,
): Promise<boolean> {
  if (config.appEnv === 'production' && isSystemRole(user.role)) return true;
  return organizationRequiresMfa(db, user.organizationId);
}

export const hasFactor = (counts: { totp: boolean; passkeys: number }) => counts.totp || counts.passkeys > 0;

/** A person with a factor proves it; one without enrolls when a factor is required; anyone else is done. */
export async function secondStepFor(
  db: Queryable,
  config: Pick<PlatformConfig, 'appEnv'>,
  user: Pick<SignedInUser, 'email' | 'role' | 'organizationId'>,
): Promise<SecondStep> {
  if (hasFactor(await factorCounts(db, user.email))) return 'verify';
  return (await factorRequired(db, config, user)) ? 'enroll' : 'none';
}

/** Why a person is asked to set up a factor, in the words of the enrollment page. */
export function enrollmentReason(
  config: Pick<PlatformConfig, 'appEnv' | 'productName'>,
  user: Pick<SignedInUser, 'role'>,
) {
  return config.appEnv === 'production' && isSystemRole(user.role)
    ? `Operators of ${config.productName} sign in with a second factor. Set one up to continue.`
    : `Your organization requires a second factor to sign in to ${config.productName}. Set one up to continue.`;
}
