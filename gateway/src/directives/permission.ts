import type { Logger } from 'pino';
import { PERMISSION_CHECK_FAILED, checkPermission, type Permission, type Role } from '@meridian/schema';

/**
 * The check of spec section 6 (schema's checkPermission): any listed permission held passes, or the
 * rule returning true; a rule that throws is denied and logged as 'There was an issue checking user
 * permissions.'
 */
export function permitted(
  role: Role,
  any: readonly Permission[],
  rule: (() => boolean) | undefined,
  log: Logger,
): boolean {
  return checkPermission(role, { any, rule }, undefined, (message, error) => {
    log.error({ err: error }, message === PERMISSION_CHECK_FAILED ? message : PERMISSION_CHECK_FAILED);
  });
}
