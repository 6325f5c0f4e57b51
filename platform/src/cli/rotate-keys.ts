// Adds a new signing key to the provider's key set under DATA_DIR (npm run rotate-keys [-- --keep N]).
// The new key signs from the next start; the older ones stay published in the JWKS so tokens they
// signed keep verifying, so nobody is signed out. Keys beyond the newest N older ones are dropped.
import { loadConfig } from '../config.js';
import { keysFile, loadOrCreateKeys, rotateKeys } from '../oidc/keys.js';

function keepArgument(args: string[]): number {
  const index = args.indexOf('--keep');
  if (index === -1) return 2;
  const keep = Number(args[index + 1]);
  if (!Number.isInteger(keep) || keep < 1)
    throw new Error('--keep needs a whole number of older keys to keep (at least 1).');
  return keep;
}

const config = loadConfig();
const keep = keepArgument(process.argv.slice(2));
const before = (await loadOrCreateKeys(config.dataDir)).publicJwks.map((key) => key.kid);
const after = (await rotateKeys(config.dataDir, keep)).publicJwks.map((key) => key.kid);
const dropped = before.filter((kid) => !after.includes(kid));

console.info(`Signing keys in ${keysFile(config.dataDir)}:`);
console.info(`  new, signs from the next start: ${after[0]}`);
for (const kid of after.slice(1)) console.info(`  kept for verification:          ${kid}`);
for (const kid of dropped) console.info(`  dropped:                        ${kid}`);
console.info('Restart the platform to sign with the new key. Tokens signed by the kept keys stay valid.');
