// Creates a deployment's first operator (issue 39 §2): production seeds no accounts, so this makes the
// first Meridian Admin, without a password, and prints the one-time link with which they set one.
//
//   npm run create-operator -- --email ops@example.org --name "Olu Operator" [--another]
//   (in the platform's image: node dist/cli/create-operator.js --email … --name …)
//
// Run with the platform's environment (DATABASE_URL, APP_ENV, CONSOLE_URL, …); on an empty database it
// first migrates and seeds as a start would. Refused while an active Meridian Admin exists, unless
// --another. Recorded in the audit trail as the invitation of the new operator by `create-operator`.
import { parseArgs } from 'node:util';
import { INVITATION_LIFETIME_DAYS } from '@meridian/schema';
import { loadConfig, type PlatformConfig } from '../config.js';
import { openConfiguredDatabase } from '../db/database.js';
import { ADVISORY_LOCKS } from '../db/locks.js';
import { migrate } from '../db/migrate.js';
import { pgliteHolder } from '../db/pglite-lock.js';
import type { ServiceCaller } from '../domain/caller.js';
import { DomainError, InvalidFields, Conflict } from '../domain/errors.js';
import { createOperator, OPERATORS_ORGANIZATION_ID } from '../domain/operators.js';
import { authorize } from '../http/access.js';
import type { Principal } from '../http/auth.js';
import { seedOnStart } from '../seed/seed.js';

const USAGE = 'Usage: npm run create-operator -- --email <email> --name "<full name>" [--another]';
/** Who the audit trail says created the operator. */
const TOOL = 'create-operator';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function argumentsOf(argv: string[]) {
  try {
    const { values } = parseArgs({
      args: argv,
      options: {
        email: { type: 'string' },
        name: { type: 'string' },
        another: { type: 'boolean', default: false },
      },
    });
    if (!values.email || !values.name) fail(`--email and --name are both needed.\n${USAGE}`);
    return { email: values.email, name: values.name, another: values.another };
  } catch (error) {
    return fail(`${(error as Error).message}\n${USAGE}`);
  }
}

/** The tool acts as a Meridian Admin of the operators' organization, with the API's permission checks. */
function toolCaller(): ServiceCaller {
  const caller: Principal = {
    kind: 'client',
    subject: TOOL,
    role: 'systemAdmin',
    organizationId: OPERATORS_ORGANIZATION_ID,
  };
  return {
    caller,
    guard: (operation, target) => authorize(caller, operation, target),
    source: {
      actor: { id: TOOL, kind: 'client', role: 'systemAdmin', organizationId: OPERATORS_ORGANIZATION_ID },
      origin: { requestId: null, clientIp: null },
    },
  };
}

/** A refusal of the domain in words: each field's problem, each conflict, or its message. */
function refusalWords(error: DomainError): string {
  if (error instanceof InvalidFields) return error.details.map(({ param, msg }) => `--${param}: ${msg}`).join('\n');
  if (error instanceof Conflict) return error.conflicts.map(({ message }) => message).join('\n');
  return error.message;
}

function loadedConfig(): PlatformConfig {
  try {
    return loadConfig();
  } catch (error) {
    return fail((error as Error).message);
  }
}

const input = argumentsOf(process.argv.slice(2));
const config = loadedConfig();
const holder = config.databaseUrl ? null : await pgliteHolder(config.dataDir);
if (holder !== null)
  fail(
    `The platform (process ${holder}) has the embedded database under ${config.dataDir} open. ` +
      'Stop it, run create-operator again, then start it: PGlite serves one process at a time.',
  );
const db = await openConfiguredDatabase(config);
try {
  await migrate(db);
  await db.exclusive(ADVISORY_LOCKS.seed, () => seedOnStart(db, config));
  const created = await createOperator(db, toolCaller(), input, { another: input.another }, config);
  console.info(
    [
      `Created ${created.email}, a Meridian Admin of ${config.productName}, without a password.`,
      `Give them this link to set one (it works once, for ${INVITATION_LIFETIME_DAYS} days):`,
      '',
      `  ${created.link}`,
      '',
      config.appEnv === 'production'
        ? 'At their first sign-in they set up a second factor, as every operator in production.'
        : 'Then they sign in at the console with that email and password.',
    ].join('\n'),
  );
} catch (error) {
  if (!(error instanceof DomainError)) throw error;
  process.exitCode = 1;
  console.error(`Not created. ${refusalWords(error)}`);
} finally {
  await db.close();
}
