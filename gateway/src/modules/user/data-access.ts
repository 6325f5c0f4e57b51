import type { RestUser } from './platform.js';

/** A user's data-access credentials in the contract's shape, one entry per credential id. */
export function dataAccessEntries(user: RestUser) {
  return Object.entries(user.data_access_info ?? {}).map(([id, entry]) => ({
    id,
    name: entry.name,
    active: entry.active,
    generatedAt: entry.generated_timestamp,
    expiresAt: entry.expires_timestamp,
    daysToExpire: entry.days_to_expire,
  }));
}
