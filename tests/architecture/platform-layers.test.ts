import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { RuleTester, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../e2e/support/paths.js';

// The platform's layers (issue 17), as eslint.config.js applies them to platform/src: routes/ is HTTP
// only (no SQL, no other route), a service in domain/ never imports http/ or routes/, and a store in
// stores/ imports only db/, other stores, the schema and the domain's refusals.
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

describe('platform layers', () => {
  it('are on for every source file of the platform but its tests', () => {
    expect(layers?.files).toEqual(['platform/src/**/*.ts']);
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
      { filename: fileIn('routes/index.ts'), code: "import { userRoutes } from './users.js';" },
      // A service runs its transaction and calls stores and other services.
      {
        filename: fileIn('domain/users.ts'),
        code: "import { findUser } from '../stores/users.js'; import { notFound } from './errors.js'; await db.transaction(async (tx) => findUser(tx, email));",
      },
      // A store holds the SQL; types may come from the domain and the contract.
      {
        filename: fileIn('stores/users.ts'),
        code: "import type { Queryable } from '../db/database.js'; import { page } from './sql.js'; import { notFound } from '../domain/errors.js'; import type { AuditQuery } from '../contract/audit.js'; import type { UserStatus } from '@meridian/schema'; await db.query('SELECT email FROM users WHERE email = $1', [email]);",
      },
      // Tests read the database to check what a request wrote.
      { filename: fileIn('routes/users.test.ts'), code: "await platform.db.query('SELECT 1');" },
      // Words that only look like SQL in a message.
      { filename: fileIn('routes/passwords.ts'), code: "const message = 'Select one of the roles.';" },
    ],
    invalid: [
      {
        filename: fileIn('routes/organizations.ts'),
        code: "import { selectOrganizations } from '../stores/organizations.js';",
        errors: [
          {
            message: `routes/ is HTTP only and may not reach the database (stores/organizations.ts). ${WHERE_SQL_GOES}`,
          },
        ],
      },
      {
        filename: fileIn('routes/catalog.ts'),
        code: 'const { rows } = await db.query(`SELECT version FROM catalog_versions WHERE pr_catalog = $1`, [true]);',
        errors: [
          { message: `routes/ is HTTP only and may not run SQL or open a transaction (.query). ${WHERE_SQL_GOES}` },
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
          { messageId: 'routeRunsSql' },
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
      {
        filename: fileIn('domain/login.ts'),
        code: "await tx.query('DELETE FROM login_failures WHERE email = $1', [email]);",
        errors: [
          { message: `A service (platform/src/domain/) may not run SQL itself (.query). ${WHERE_SQL_GOES}` },
          { messageId: 'sqlOutsideStore' },
        ],
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
    ],
  });
});
