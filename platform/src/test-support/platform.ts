import { randomUUID } from 'node:crypto';
import { SignJWT, importJWK } from 'jose';
import pg from 'pg';
import { buildRestApi } from '../app.js';
import { loadConfig, type PlatformConfig } from '../config.js';
import { openPglite, openPostgres, type Database } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { generateSigningKey, localKeySet, signingKeys, type SigningKeys } from '../domain/signing-keys.js';
import { seedFixture } from './fixture.js';

export const TEST_ISSUER = 'http://issuer.test';

/** A new, empty database on the PostgreSQL server at adminUrl: its URL, and how to drop it. */
export async function createPostgresDatabase(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `meridian_test_${randomUUID().replace(/-/g, '')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/**
 * A fresh database for one test file: in-memory PGlite, or a new database on the PostgreSQL server of
 * TEST_DATABASE_URL (CI runs the suite both ways).
 */
export async function openTestDatabase(): Promise<{ db: Database; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const db = await openPglite();
    return { db, drop: () => db.close() };
  }
  const created = await createPostgresDatabase(adminUrl);
  const db = await openPostgres(created.url);
  return {
    db,
    drop: async () => {
      await db.close();
      await created.drop();
    },
  };
}

export function testConfig(overrides: Partial<PlatformConfig> = {}): PlatformConfig {
  return {
    ...loadConfig({ APP_ENV: 'testing' }),
    issuer: TEST_ISSUER,
    jobStepMs: 20,
    logLevel: 'silent',
    ...overrides,
  };
}

export interface TokenOptions {
  scope?: string;
  /** The sign-in session the token belongs to (its `sid`, as the provider's tokens carry it). */
  sessionId?: string;
  expiresIn?: string;
  audience?: string;
  issuer?: string;
}

/** Signs access tokens as the provider would, with the same claims. */
export function tokenMinter(keys: SigningKeys, config: PlatformConfig) {
  const sign = async (claims: Record<string, unknown>, subject: string, options: TokenOptions = {}) => {
    const jwk = keys.privateJwks[0]!;
    const key = await importJWK(jwk, 'RS256');
    const session = options.sessionId ? { sid: options.sessionId } : {};
    return new SignJWT({ scope: options.scope ?? 'openid email profile api_access', ...session, ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: jwk.kid!, typ: 'at+jwt' })
      .setIssuer(options.issuer ?? config.issuer)
      .setAudience(options.audience ?? config.audience)
      .setSubject(subject)
      .setIssuedAt()
      .setExpirationTime(options.expiresIn ?? '5m')
      .setJti(randomUUID())
      .sign(key);
  };
  return {
    /** A user's access token. */
    user: (email: string, options?: TokenOptions) => sign({ client_id: config.consoleClientId }, email, options),
    /** An internal tool's client-credentials token acting as `role` of `organizationId`. */
    client: (clientId: string, role: string, organizationId: string, options?: TokenOptions) =>
      sign({ client_id: clientId, client_role: role, client_org: organizationId }, clientId, options),
  };
}

export type TestPlatform = Awaited<ReturnType<typeof startTestPlatform>>;

/** The REST API over a fresh fixture database, for `rest.inject(...)`; close it in afterAll. */
export async function startTestPlatform(overrides: Partial<PlatformConfig> = {}) {
  const config = testConfig(overrides);
  const { db, drop } = await openTestDatabase();
  await migrate(db);
  await seedFixture(db);
  const keys = signingKeys([await generateSigningKey()]);
  const rest = await buildRestApi({
    config,
    db,
    verifier: { issuer: config.issuer, audience: config.audience, keys: localKeySet(keys) },
    logger: false,
  });
  await rest.ready();
  const tokens = tokenMinter(keys, config);
  const auth = async (email: string) => ({ authorization: `Bearer ${await tokens.user(email)}` });
  return {
    config,
    db,
    keys,
    rest,
    tokens,
    /** Authorization header of a fixture user. */
    auth,
    close: async () => {
      await rest.close();
      await drop();
    },
  };
}
