// Runs the platform: `node dist/main.js [--seed-scale]` (npm start). The REST API and the OpenID
// provider listen on their own ports; Ctrl-C stops both and closes the database cleanly.
import { loadConfig } from './config.js';
import { startPlatform } from './server.js';

const config = loadConfig();
const platform = await startPlatform(config, { seedScale: process.argv.includes('--seed-scale') });
console.info(`${config.productName} platform REST API: ${platform.restUrl}`);
console.info(`${config.productName} OpenID provider (issuer): ${platform.issuer}`);

let stopping = false;
function stop(signal: NodeJS.Signals): void {
  // A second Ctrl-C gives up waiting (PGlite may then need recovery at the next start).
  if (stopping) {
    console.warn('Stopping at once.');
    process.exit(1);
  }
  stopping = true;
  console.info(`${signal}: stopping (press Ctrl-C again to force)…`);
  platform.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error('Stopping failed', error);
      process.exit(1);
    },
  );
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
