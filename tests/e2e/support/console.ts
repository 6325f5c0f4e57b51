import type { Page } from 'playwright-core';
import { inject } from 'vitest';

/** Home is showing: its Success Portal card's 'Get Support' button (an anchor with role button). */
export async function waitForHome(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Get Support' }).waitFor();
}

/** A user's own profile page: every role reaches it, and it is inside the shell (nav and popover). */
export function profileUrl(
  organizationId: string,
  email: string,
  section: 'general' | 'credentials' | 'security' = 'general',
) {
  return `${inject('product').webUrl}/admin/org-management/${organizationId}/users/${encodeURIComponent(email)}/profile/${section}`;
}

/** Names of the elements of `role` in an accessibility snapshot (e.g. every link of the navigation). */
export function namesIn(ariaSnapshot: string, role: string): string[] {
  const pattern = new RegExp(`^\\s*- ${role} "((?:[^"\\\\]|\\\\.)*)"`, 'gm');
  return [...ariaSnapshot.matchAll(pattern)].map((match) => match[1]!.replace(/\\"/g, '"'));
}

/** The key oidc-client-ts stores the signed-in user under (W1's user-manager.ts). */
export function oidcUserKey(): string {
  const { issuer } = inject('product');
  return `oidc.user:${issuer}:meridian-console`;
}

/** The persisted Apollo cache (W1's apollo/persistence.ts). */
export const APOLLO_CACHE_KEY = 'meridian.apollo.cache';
