// Adds a new signing key to the provider's key set in the database (pnpm --filter @meridian/platform
// rotate-keys [-- --keep N]). On PostgreSQL every running replica publishes the new key within seconds
// and signs with it once it activates, later than any replica's next re-read of the keys; no restart.
// On the embedded PGlite (one process, which the CLI cannot share) stop the platform first: the new key
// signs from the next start. Older keys stay published so tokens they signed keep verifying; keys beyond
// the newest N older ones are dropped.
import { loadConfig } from '../config.js';
import { openConfiguredDatabase } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { pgliteHolder } from '../db/pglite-lock.js';
import { KEPT_OLDER_KEYS, rotateKeys } from '../domain/signing-keys.js';

function keepArgument(args: string[]): number {
  const index = args.indexOf('--keep');
  if (index === -1) return KEPT_OLDER_KEYS;
  const keep = Number(args[index + 1]);
  if (!Number.isInteger(keep) || keep < 1)
    throw new Error('--keep needs a whole number of older keys to keep (at least 1).');
  return keep;
}

const config = loadConfig();
const keep = keepArgument(process.argv.slice(2));
const embedded = !config.databaseUrl;
const holder = embedded ? await pgliteHolder(config.dataDir) : null;
if (holder !== null) {
  console.error(
    `The platform (process ${holder}) has the embedded database under ${config.dataDir} open. ` +
      'Stop it, run rotate-keys again, then start it: PGlite serves one process at a time.',
  );
  process.exit(1);
}
const db = await openConfiguredDatabase(config);
try {
  await migrate(db);
  // Nothing else runs on PGlite, so the new key may sign from the next start at once.
  const rotation = await rotateKeys(db, config.dataDir, { keep, ...(embedded ? { activationDelayMs: 0 } : {}) });
  console.info(`Signing keys in the ${embedded ? 'embedded database' : 'database'}:`);
  console.info(
    embedded
      ? `  new, signs from the next start: ${rotation.added}`
      : `  new, published now, signs from ${rotation.activatesAt.toISOString()}: ${rotation.added}`,
  );
  if (!embedded && rotation.signing !== rotation.added) console.info(`  signs until then: ${rotation.signing}`);
  for (const kid of rotation.kept.filter((kid) => kid !== rotation.added && (embedded || kid !== rotation.signing)))
    console.info(`  kept for verification: ${kid}`);
  for (const kid of rotation.dropped) console.info(`  dropped: ${kid}`);
  console.info(
    embedded
      ? 'Start the platform to sign with the new key. Tokens signed by the kept keys stay valid.'
      : 'Running platforms take the new key without a restart. Tokens signed by the kept keys stay valid.',
  );
} finally {
  await db.close();
}
