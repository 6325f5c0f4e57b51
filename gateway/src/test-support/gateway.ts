import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from 'pino';
import request from 'supertest';
import { loadConfig as loadPlatformConfig, migrate, startPlatform, type RunningPlatform } from '@meridian/platform';
import { openTestDatabase, seedFixture, tokenMinter, type TokenOptions } from '@meridian/platform/test-support';
import { buildGateway, type Gateway } from '../app.js';
import { loadConfig, type GatewayConfig } from '../config.js';
import { closeServer, createGatewayServer, listen } from '../http/server.js';

/** A GraphQL response body as the gateway sends it. */
export interface GraphQLAnswer {
  data?: Record<string, unknown> | null;
  errors?: {
    message: string;
    path?: (string | number)[];
    locations?: { line: number; column: number }[];
    extensions?: Record<string, unknown>;
  }[];
}

export interface TestGatewayOptions {
  /** Gateway configuration beside what points it at the test platform. */
  config?: Partial<GatewayConfig>;
  /** Where the gateway logs (default: nowhere). */
  logger?: Logger;
}

/** A gateway listening on port 0 of 127.0.0.1; close it before its platform. */
export interface ListeningGateway {
  url: string;
  gateway: Gateway;
  config: GatewayConfig;
  close(): Promise<void>;
}

/** Builds a gateway from `config` and listens on an ephemeral port. */
export async function listenGateway(config: GatewayConfig, logger?: Logger): Promise<ListeningGateway> {
  const gateway = await buildGateway(config, logger ? { logger } : {});
  await gateway.ready();
  const server: Server = createGatewayServer(gateway.handler);
  const port = await listen(server, '127.0.0.1', 0);
  return {
    url: `http://127.0.0.1:${port}`,
    gateway,
    config,
    close: async () => {
      server.closeAllConnections();
      await closeServer(server);
      await gateway.close();
    },
  };
}

/** The gateway's configuration for a platform started by startPlatform (ports and issuer resolved). */
export function gatewayConfigFor(platform: RunningPlatform, overrides: Partial<GatewayConfig> = {}): GatewayConfig {
  return {
    ...loadConfig({ APP_ENV: 'testing', LOG_LEVEL: 'silent' }),
    platformApiUrl: platform.restUrl,
    oidcIssuer: platform.issuer,
    audience: platform.config.audience,
    ...overrides,
  };
}

/**
 * One platform (REST API and OpenID provider on ports 0, over a fresh test database with the fixture)
 * and one gateway pointed at it, for one test FILE (beforeAll / afterAll: close()). Tokens are signed
 * with the running provider's own keys, exactly as it signs them.
 */
export async function startTestGateway(options: TestGatewayOptions = {}) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'meridian-gateway-test-'));
  const { db, drop } = await openTestDatabase();
  let platform: RunningPlatform | undefined;
  let listening: ListeningGateway | undefined;
  const close = async () => {
    await listening?.close();
    await platform?.close();
    await drop();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await migrate(db);
    await seedFixture(db);
    const platformConfig = {
      ...loadPlatformConfig({ APP_ENV: 'testing', LOG_LEVEL: 'silent' }),
      host: '127.0.0.1',
      restPort: 0,
      oidcPort: 0,
      dataDir,
      jobStepMs: 20,
    };
    platform = await startPlatform(platformConfig, { db, seed: false, logger: false });
    const config = gatewayConfigFor(platform, options.config);
    listening = await listenGateway(config, options.logger);
    const minter = tokenMinter(platform.keys, platform.config);
    const url = listening.url;
    return {
      /** The gateway's origin (GraphQL at `${url}/graphql`). */
      url,
      config,
      gateway: listening.gateway,
      platform,
      tokens: {
        user: (email: string, options?: TokenOptions) => minter.user(email, options),
        client: (clientId: string, role: string, organizationId: string) =>
          minter.client(clientId, role, organizationId),
      },
      /** POST /graphql as JSON, with the token when given; answers the HTTP status and the parsed body. */
      request: async (query: string, variables?: Record<string, unknown>, token?: string) => {
        let call = request(url)
          .post('/graphql')
          .set('content-type', 'application/json')
          .set('accept', 'application/json');
        if (token) call = call.set('authorization', `Bearer ${token}`);
        const response = await call.send({ query, ...(variables ? { variables } : {}) });
        return { status: response.status, body: response.body as GraphQLAnswer, headers: response.headers };
      },
      close,
    };
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
}

export type TestGateway = Awaited<ReturnType<typeof startTestGateway>>;
