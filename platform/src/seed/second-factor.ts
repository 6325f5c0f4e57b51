import { hash } from '@node-rs/argon2';
import type { PlatformConfig } from '../config.js';
import type { Queryable } from '../db/database.js';
import { sealedIn, sealedSecrets } from '../domain/secrets/sealed-secrets.js';
import { insertActiveUser, insertTotpUnlessSet, organizationExists, userExists } from '../stores/seed.js';
import { DEMO_ACCOUNTS, TOTP_DEMO_EMAIL, TOTP_DEMO_KEY, demoUsers } from './demo.js';

/**
 * The demo account that signs in with an authenticator app (TOTP_DEMO_KEY), kept as the start's
 * account list promises: created in a database seeded before it existed, its app set up again if it
 * was removed. Never in production: its key is published.
 */
export async function ensureDemoSecondFactor(
  db: Queryable,
  config: Pick<PlatformConfig, 'appEnv' | 'mfaEncryptionKeys' | 'seedPassword'>,
  now = new Date(),
): Promise<void> {
  if (config.appEnv === 'production') return;
  const account = DEMO_ACCOUNTS.find((demo) => demo.email === TOTP_DEMO_EMAIL)!;
  if (!(await organizationExists(db, account.organizationId))) return;
  if (!(await userExists(db, TOTP_DEMO_EMAIL))) {
    const [row] = demoUsers(await hash(config.seedPassword), now).filter((demo) => demo.email === TOTP_DEMO_EMAIL);
    await insertActiveUser(db, row!);
  }
  const sealed = await sealedSecrets(config.mfaEncryptionKeys).seal(
    'totp',
    sealedIn.totp(TOTP_DEMO_EMAIL),
    TOTP_DEMO_KEY,
  );
  await insertTotpUnlessSet(db, TOTP_DEMO_EMAIL, sealed);
}
