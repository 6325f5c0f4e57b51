// The platform's process once tracing is settled (main.ts): the REST API and the OpenID provider listen
// on their own ports; Ctrl-C stops both, closes the database cleanly, then flushes the traces.
import { loadConfig } from './config.js';
import { startPlatform } from './server.js';
import { logFailure } from './observability/error-log.js';

/** Starts the platform; `flush` (the tracing SDK's shutdown) runs after it has stopped. */
export async function runPlatform(flush: () => Promise<void>): Promise<void> {
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
    platform
      .close()
      .then(flush)
      .then(
        () => process.exit(0),
        (error: unknown) => {
          logFailure('Stopping failed', error);
          process.exit(1);
        },
      );
  }
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
