import { Agent, fetch as undiciFetch } from 'undici';
import { guardedLookup, ipLiteralOf, isPublicAddress, PrivateAddressRefused } from './address-guard.js';

/**
 * The one way the platform fetches what a customer's configuration names (an identity provider's
 * discovery document, keys, token endpoint and SAML metadata): undici's fetch through an agent whose
 * DNS lookup is the address guard's when `guard` is on (production). An IP literal never reaches a
 * lookup, so it is checked here. Webhook deliveries use the same guard through their own agent
 * (webhooks/transport.ts), which posts with undici's request.
 */
export type OutboundFetch = (url: string | URL, init?: RequestInit) => Promise<Response>;

const guardedAgent = new Agent({ connect: { lookup: guardedLookup } });
const openAgent = new Agent();

async function fetchThrough(agent: Agent, guard: boolean, url: string | URL, init?: RequestInit): Promise<Response> {
  const literal = ipLiteralOf(new URL(url).hostname);
  if (guard && literal !== null && !isPublicAddress(literal))
    throw new TypeError('fetch failed', { cause: new PrivateAddressRefused(literal) });
  // undici's own fetch and Response (the global ones are an older undici's, which cannot use this agent).
  const response = await undiciFetch(url, { ...(init as object), dispatcher: agent });
  return response as unknown as Response;
}

const guarded: OutboundFetch = (url, init) => fetchThrough(guardedAgent, true, url, init);
const open: OutboundFetch = (url, init) => fetchThrough(openAgent, false, url, init);

/** The fetch for customers' addresses: guarded (private addresses refused after DNS) or not (development). */
export const outboundFetch = (guard: boolean): OutboundFetch => (guard ? guarded : open);
