import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { RuleTester, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../e2e/support/paths.js';

// The platform's layers (issues 17 and 40), as eslint.config.js applies them to every source file of
// platform/src by its top folder (domain/sso/oidc.ts is domain/): the HTTP edges routes/, oidc/ and
// scim/ reach no database and run no SQL, a service in domain/ never imports http/ or an edge, a store
// in stores/ imports only db/, other stores, the schema and the domain's refusals, no layer imports one
// above it, and SQL is written in stores/ and db/ alone.
const configModule = (await import(pathToFileURL(path.join(repoRoot, 'eslint.config.js')).href)) as {
  default: Linter.Config[];
};
const layers = configModule.default.find((block) => block.rules?.['meridian/platform-layers'] === 'error');
const rule = layers?.plugins?.meridian?.rules?.['platform-layers'];

const WHERE_SQL_GOES =
  'SQL goes in platform/src/stores/<domain>.ts, called by the service platform/src/domain/<domain>.ts, which the route calls.';
const fileIn = (relative: string) => path.join(repoRoot, 'platform', 'src', relative);

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;
// The TypeScript parser, so `import type` is read as the sources write it.
const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' },
});

const EDGE = 'an HTTP edge (routes/, oidc/, scim/)';
const upward = (layer: string, target: string) =>
  `${layer} may not import ${target} at run time (MAY_IMPORT in eslint-rules/platform-layers.js says what each layer may): move what both need to a layer both may import, or go through the layer between.`;

describe('platform layers', () => {
  it('are on for every source file of the platform but its tests', () => {
    expect(layers?.files).toEqual(['platform/src/**/*.{ts,tsx}']);
    expect(layers?.ignores).toEqual(['platform/src/**/*.test.ts']);
    expect(rule).toBeDefined();
  });

  tester.run('meridian/platform-layers', rule!, {
    valid: [
      // A route parses, authorizes, calls its service and answers; the routes' wiring is shared.
      {
        filename: fileIn('routes/users.ts'),
        code: "import { authorize } from '../http/access.js'; import { listUsers } from '../domain/users.js'; import type { RouteDeps } from './deps.js'; const rows = await listUsers(db, request.query);",
      },
      { filename: fileIn('routes/deps.ts'), code: "import type { Database } from '../db/database.js';" },
      {
        filename: fileIn('routes/index.ts'),
        code: "import { userRoutes } from './users.js'; import { scimRoutes } from '../scim/routes.js';",
      },
      // A service runs its transaction and calls stores and other services, however deep its folder.
      {
        filename: fileIn('domain/users.ts'),
        code: "import { findUser } from '../stores/users.js'; import { notFound } from './errors.js'; await db.transaction(async (tx) => findUser(tx, email));",
      },
      {
        filename: fileIn('domain/sso/sign-in.ts'),
        code: "import { setSsoSubject } from '../../stores/sso.js'; import { ACCESS_TOKEN_TTL_SECONDS } from '../lifetimes.js'; import { ADVISORY_LOCKS } from '../../db/locks.js'; await db.transaction((tx) => setSsoSubject(tx, email, issuer, subject));",
      },
      // A store holds the SQL; types may come from the domain and the contract.
      {
        filename: fileIn('stores/users.ts'),
        code: "import type { Queryable } from '../db/database.js'; import { page } from './sql.js'; import { notFound } from '../domain/errors.js'; import type { AuditQuery } from '../contract/audit.js'; import type { UserStatus } from '@meridian/schema'; await db.query('SELECT email FROM users WHERE email = $1', [email]);",
      },
      // The provider's pages call services, take row types from stores, and match paths with regular expressions.
      {
        filename: fileIn('oidc/sso-pages.ts'),
        code: "import { findSsoPending } from '../domain/sso/pending.js'; import type { SsoConnectionRow } from '../stores/sso.js'; import { sendHtml } from './http.js'; const ROUTE = /^\\/sso\\/(\\w+)$/; const match = ROUTE.exec(url.pathname); /^Bearer (\\S+)$/.exec(header);",
      },
      // db/ is the database itself: its statements (the migrations runner, the health probe) live there.
      {
        filename: fileIn('db/database.ts'),
        code: "import { logFailure } from '../observability/error-log.js'; await db.query('SELECT 1');",
      },
      // Entry points wire every layer together.
      {
        filename: fileIn('cli/rotate-keys.ts'),
        code: "import { rotateKeys } from '../domain/signing-keys.js'; import { openConfiguredDatabase } from '../db/database.js'; import { authorize } from '../http/access.js';",
      },
      // Tests and their material read the database to check what a request wrote.
      { filename: fileIn('routes/users.test.ts'), code: "await platform.db.query('SELECT 1');" },
      { filename: fileIn('domain/mfa/factors.test.ts'), code: "await db.query('DELETE FROM mfa_totp');" },
      {
        filename: fileIn('test-support/fixture.ts'),
        code: "await db.query('INSERT INTO users (email) VALUES ($1)', [email]);",
      },
      { filename: fileIn('contract/cases/users.ts'), code: "await db.query('UPDATE users SET active = false');" },
      // Words that only look like SQL in a message.
      { filename: fileIn('routes/passwords.ts'), code: "const message = 'Select one of the roles.';" },
    ],
    invalid: [
      {
        filename: fileIn('routes/organizations.ts'),
        code: "import { selectOrganizations } from '../stores/organizations.js';",
        errors: [
          {
            message: `${EDGE} is HTTP only and may not reach the database (stores/organizations.ts). ${WHERE_SQL_GOES}`,
          },
        ],
      },
      {
        filename: fileIn('routes/catalog.ts'),
        code: 'const { rows } = await db.query(`SELECT version FROM catalog_versions WHERE pr_catalog = $1`, [true]);',
        errors: [
          { message: `${EDGE} may not run SQL (.query): only stores/ and db/ do. ${WHERE_SQL_GOES}` },
          { message: `SQL text belongs in a store. ${WHERE_SQL_GOES}` },
        ],
      },
      {
        filename: fileIn('routes/lifecycle.ts'),
        code: "import { licensesAfter } from './licenses.js'; await db.transaction((tx) => licensesAfter(tx));",
        errors: [
          {
            message:
              'A route may not import another route (routes/licenses.ts); what two routes share belongs in their service, platform/src/domain/.',
          },
          { message: `${EDGE} is HTTP only and may not open a transaction: its service does. ${WHERE_SQL_GOES}` },
        ],
      },
      // The OpenID provider serves HTTP as routes/ does: its storage and keys are a service over stores.
      {
        filename: fileIn('oidc/adapter.ts'),
        code: "import { openPglite } from '../db/database.js'; await this.db.query('DELETE FROM oidc_models WHERE model = $1 AND id = $2', [model, id]);",
        errors: [
          { message: `${EDGE} is HTTP only and may not reach the database (db/database.ts). ${WHERE_SQL_GOES}` },
          { messageId: 'runsSqlCall' },
          { messageId: 'sqlOutsideStore' },
        ],
      },
      {
        filename: fileIn('oidc/keys.ts'),
        code: "await db.transaction((tx) => tx.exec('LOCK TABLE signing_keys IN EXCLUSIVE MODE'));",
        errors: [{ messageId: 'edgeOpensTransaction' }, { messageId: 'runsSqlCall' }, { messageId: 'sqlOutsideStore' }],
      },
      {
        filename: fileIn('scim/routes.ts'),
        code: "import { findScimUser } from '../stores/scim-users.js'; import { login } from '../oidc/interactions.js';",
        errors: [
          { messageId: 'edgeReachesDatabase' },
          {
            message: `${EDGE} may not import another HTTP edge (oidc/interactions.ts); what two share belongs in a service (platform/src/domain/) or in http/.`,
          },
        ],
      },
      {
        filename: fileIn('domain/users.ts'),
        code: "import { authorize } from '../http/access.js'; import type { Principal } from '../http/auth.js'; import { userRoutes } from '../routes/users.js';",
        errors: [
          {
            message:
              'A service (platform/src/domain/) may not import http/access.ts: throw the refusals of domain/errors.ts (http/errors.ts maps them to status codes) and take the caller as domain/caller.ts gives it.',
          },
          { messageId: 'serviceImportsHttp' },
          { messageId: 'serviceImportsHttp' },
        ],
      },
      // A nested service is judged as domain/: no edge, no tool above it, no SQL of its own.
      {
        filename: fileIn('domain/sso/sign-in.ts'),
        code: "import { ACCESS_TOKEN_TTL_SECONDS } from '../../oidc/provider.js'; import { OPERATORS_ORGANIZATION_ID } from '../../seed/organizations.js'; await tx.query('UPDATE users SET name = $2 WHERE email = $1', [email, name]);",
        errors: [
          { messageId: 'serviceImportsHttp' },
          { message: upward('a service (domain/)', 'seed/organizations.ts') },
          { message: `a service (domain/) may not run SQL (.query): only stores/ and db/ do. ${WHERE_SQL_GOES}` },
          { messageId: 'sqlOutsideStore' },
        ],
      },
      {
        filename: fileIn('domain/login.ts'),
        code: "await tx.query('DELETE FROM login_failures WHERE email = $1', [email]);",
        errors: [{ messageId: 'runsSqlCall' }, { messageId: 'sqlOutsideStore' }],
      },
      {
        filename: fileIn('stores/organizations.ts'),
        code: "import { getOrganization } from '../domain/organizations.js'; import { badRequest } from '../http/errors.js'; import { hash } from '@node-rs/argon2';",
        errors: [
          {
            message:
              'A store (platform/src/stores/) imports only db/, other stores, @meridian/schema and domain/errors.ts (types also from domain/ and contract/); domain/organizations.ts is none of those.',
          },
          { messageId: 'storeImportsOutside' },
          { messageId: 'storeImportsOutside' },
        ],
      },
      // Arrows that ran up a floor: the contract printed from the app, lists' schema in http/, metrics over stores.
      {
        filename: fileIn('contract/openapi.ts'),
        code: "import { buildRestApi } from '../app.js'; import { listQuerySchema } from '../http/lists.js';",
        errors: [
          { message: upward('a base module (contract/, observability/, config.ts)', 'app.ts') },
          { message: upward('a base module (contract/, observability/, config.ts)', 'http/lists.ts') },
        ],
      },
      {
        filename: fileIn('observability/metrics.ts'),
        code: "import { selectOverdueJobs } from '../stores/backlog.js';",
        errors: [{ messageId: 'importsUpward' }],
      },
      {
        filename: fileIn('http/auth.ts'),
        code: "import { findUserStanding } from '../stores/users.js'; await db.transaction(async () => {});",
        errors: [{ message: upward('http/', 'stores/users.ts') }, { messageId: 'edgeOpensTransaction' }],
      },
      // Tools and entry points write no SQL either: the seeds' statements are in stores/seed.ts.
      {
        filename: fileIn('seed/catalog.ts'),
        code: "await db.query('INSERT INTO catalog_versions (pr_catalog, version) VALUES (false, $1)', [version]);",
        errors: [{ messageId: 'runsSqlCall' }, { messageId: 'sqlOutsideStore' }],
      },
      {
        filename: fileIn('app.ts'),
        code: "import { fixture } from './test-support/fixture.js'; await db.exec('DROP SCHEMA public CASCADE');",
        errors: [
          {
            message:
              'an entry point (cli/, app.ts, server.ts) may not import test material (test-support/fixture.ts): it is for tests only.',
          },
          { messageId: 'runsSqlCall' },
          { messageId: 'sqlOutsideStore' },
        ],
      },
    ],
  });
});
