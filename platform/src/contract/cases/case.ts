import type { InjectOptions } from 'fastify';
import type { TestPlatform } from '../../test-support/platform.js';

/** Fixture callers of the contract test, by what they are allowed (test-support/fixture.ts). */
export const CALLERS = {
  admin: 'admin@meridian.test',
  viewer: 'viewer@meridian.test',
  acmeAdmin: 'orgadmin@acme.test',
  acmeUser: 'user@acme.test',
  globexAdmin: 'orgadmin@globex.test',
  globexUser: 'user@globex.test',
} as const;
export type Caller = keyof typeof CALLERS;

export interface ContractContext {
  platform: TestPlatform;
  /** The Authorization header of each caller. */
  as: Record<Caller, { authorization: string }>;
}

/**
 * One real request and the documented answer it must get: `status` from `operation`, with a body the
 * OpenAPI document allows. Cases run in order on one platform, so a later case may rely on an earlier.
 */
export interface ContractCase {
  operation: string;
  status: number;
  /** What makes the platform answer so, in a few words. */
  why: string;
  request: (context: ContractContext) => InjectOptions | Promise<InjectOptions>;
}
