import type { PlatformConfig } from '../config.js';
import type { Database } from '../db/database.js';
import { ADVISORY_LOCKS } from '../db/locks.js';
import { countActiveSystemAdmins } from '../stores/operators.js';
import { selectOutbox } from '../stores/outbox.js';
import type { ServiceCaller } from './caller.js';
import { conflict } from './errors.js';
import { createUser } from './users.js';

/** The operators' own organization (Meridian), which every seed and the create-operator tool use. */
export const OPERATORS_ORGANIZATION_ID = 'meridian';

// The first operator of a new deployment (issue 39 §2): production seeds no accounts, so
// `create-operator` (cli/create-operator.ts) makes the first Meridian Admin, who sets a password from a
// one-time link and, in production, a second factor at first sign-in.

export interface NewOperator {
  email: string;
  name: string;
}

export interface CreatedOperator {
  email: string;
  /** The invitation's one-time link to set a password (the console's create-password page). */
  link: string;
}

/** Why a second run is refused without --another: the deployment has its operator. */
export const operatorExistsMessage = (count: number, productName: string) =>
  `${productName} already has ${count === 1 ? 'an active Meridian Admin' : `${count} active Meridian Admins`}: ` +
  'they add operators in the console. To add one here anyway, run again with --another.';

/**
 * Creates a Meridian Admin of the operators' organization without a password, invited as any user is
 * (domain/users.ts createUser: its rules and its audit event, in the name of `who`), and answers the
 * invitation's link. Refused when an active Meridian Admin exists, unless `another`. Under the seed's
 * lock, so two runs at once create one.
 */
export async function createOperator(
  db: Database,
  who: ServiceCaller,
  operator: NewOperator,
  options: { another: boolean },
  config: Pick<PlatformConfig, 'consoleUrl' | 'productName'>,
): Promise<CreatedOperator> {
  return db.exclusive(ADVISORY_LOCKS.seed, async () => {
    const existing = await countActiveSystemAdmins(db, OPERATORS_ORGANIZATION_ID);
    if (existing > 0 && !options.another) throw conflict(operatorExistsMessage(existing, config.productName));
    const user = await createUser(
      db,
      who,
      OPERATORS_ORGANIZATION_ID,
      // The person running the tool names the address: outside the organization's domains is their call.
      { email: operator.email, name: operator.name, role: 'systemAdmin', allowOutsideDomain: true },
      config,
    );
    const [mail] = (await selectOutbox(db, user.email, { limit: 1, offset: 0 })).rows;
    return { email: user.email, link: mail!.link! };
  });
}
