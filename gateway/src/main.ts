import { buildGateway } from './app.js';
import { loadConfig } from './config.js';
import { closeServer, createGatewayServer, listen } from './http/server.js';

/** Starts the gateway on GATEWAY_HOST:GATEWAY_PORT; SIGINT/SIGTERM stop it cleanly. */
async function main(): Promise<void> {
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

main().catch((error: unknown) => {
  console.error('The gateway failed to start', error);
  process.exit(1);
});
