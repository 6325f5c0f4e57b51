import { hash } from '@node-rs/argon2';
import type { PlatformConfig } from '../config.js';
import type { Queryable } from '../db/database.js';
import { sealedIn, sealedSecrets } from '../domain/secrets/sealed-secrets.js';
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
  const organization = await db.query('SELECT 1 FROM organizations WHERE id = $1', [account.organizationId]);
  if (organization.rows.length === 0) return;
  const user = await db.query('SELECT 1 FROM users WHERE email = $1', [TOTP_DEMO_EMAIL]);
  if (user.rows.length === 0) {
    const [row] = demoUsers(await hash(config.seedPassword), now).filter((demo) => demo.email === TOTP_DEMO_EMAIL);
    await db.query(
      `INSERT INTO users (email, organization_id, name, password_hash, password_changed_at, role, active)
       VALUES ($1, $2, $3, $4, $5, $6, true)`,
      [row!.email, row!.organization_id, row!.name, row!.password_hash, row!.password_changed_at, row!.role],
    );
  }
  await db.query(`INSERT INTO mfa_totp (email, secret, last_step) VALUES ($1, $2, 0) ON CONFLICT (email) DO NOTHING`, [
    TOTP_DEMO_EMAIL,
    await sealedSecrets(config.mfaEncryptionKeys).seal('totp', sealedIn.totp(TOTP_DEMO_EMAIL), TOTP_DEMO_KEY),
  ]);
}
