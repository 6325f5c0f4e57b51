import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from './deps.js';

// eslint-disable-next-line @typescript-eslint/require-await, @typescript-eslint/no-unused-vars
export async function credentialRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {}
