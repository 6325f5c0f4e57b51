import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from './deps.js';
import { organizationRoutes } from './organizations.js';

/** Every route module of the REST API; one file per domain. */
export async function registerRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  await organizationRoutes(app, deps);
}
