import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { oidcUserKey } from './console.js';
import { storageItem } from './storage.js';

/** The part of oidc-client-ts's stored user a journey needs. */
export interface StoredOidcUser {
  id_token?: string;
  refresh_token?: string;
  access_token?: string;
}

/** The signed-in user as the console stored it (localStorage, shared by its tabs); null when none. */
export async function storedOidcUser(page: Page): Promise<StoredOidcUser | null> {
  const stored = await storageItem(page, oidcUserKey());
  return stored ? (JSON.parse(stored) as StoredOidcUser) : null;
}

async function discovery(): Promise<{ end_session_endpoint: string; revocation_endpoint: string }> {
  const { issuer } = inject('product');
  const response = await fetch(`${issuer}/.well-known/openid-configuration`);
  if (!response.ok) throw new Error(`The provider's discovery answered ${response.status}`);
  return (await response.json()) as { end_session_endpoint: string; revocation_endpoint: string };
}

/**
 * The provider's end-session URL as another application would open it (RP-initiated logout with the
 * user's ID token, so the provider signs out without asking).
 */
export async function endSessionUrl(idToken: string): Promise<string> {
  const { end_session_endpoint: endpoint } = await discovery();
  const query = new URLSearchParams({ id_token_hint: idToken, client_id: 'meridian-console' });
  return `${endpoint}?${query.toString()}`;
}

/** Revokes a refresh token of the console at the provider (RFC 7009; the console is a public client). */
export async function revokeRefreshToken(refreshToken: string): Promise<void> {
  const { revocation_endpoint: endpoint } = await discovery();
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      token: refreshToken,
      token_type_hint: 'refresh_token',
      client_id: 'meridian-console',
    }),
  });
  if (!response.ok) throw new Error(`The revocation endpoint answered ${response.status}: ${await response.text()}`);
}
