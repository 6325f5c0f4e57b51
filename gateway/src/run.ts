// The gateway's process once tracing is settled (main.ts).
import { buildGateway } from './app.js';
import { loadConfig } from './config.js';
import { closeServer, createGatewayServer, listen } from './http/server.js';

/**
 * Starts the gateway on GATEWAY_HOST:GATEWAY_PORT; SIGINT/SIGTERM stop it cleanly, then `flush` (the
 * tracing SDK's shutdown) exports the spans still buffered.
 */
export async function runGateway(flush: () => Promise<void>): Promise<void> {
  const config = loadConfig();
  const gateway = await buildGateway(config);
  await gateway.ready();
  const server = createGatewayServer(gateway.handler);
  const port = await listen(server, config.host, config.port);
  gateway.log.info(
    { host: config.host, port, platform: config.platformApiUrl, issuer: config.oidcIssuer },
    `Gateway listening on http://${config.host}:${port}/graphql`,
  );

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    gateway.log.info({ signal }, 'Stopping: finishing requests under way');
    // Requests under way get 10 s to finish; then their connections are cut.
    closeServer(server)
      .then(() => gateway.close())
      .then(flush)
      .then(
        () => process.exit(0),
        (error: unknown) => {
          gateway.log.error({ err: error }, 'Stopping failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
