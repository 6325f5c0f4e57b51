// The console's security headers, defined once: `npm start` (vite preview, vite.config.ts), the browser
// tests' static server (tests/e2e/support/static-server.ts) and the container's nginx (the build writes
// them as dist/security-headers.conf.template, filled in from the environment at container start by
// deploy/web-config.sh) all send these. HSTS only on answers over https: nginx decides per request from
// the load balancer's X-Forwarded-Proto ($meridian_hsts, deploy/web-nginx.conf).
// The schema's source by path, as vite.config.ts reads brand.ts: this file runs in Node before any build.
import { STRICT_TRANSPORT_SECURITY } from '../schema/src/protocol.js';

/** Where the console may connect: exactly the gateway's GraphQL URL and the sign-in provider. */
export interface ConnectTargets {
  gatewayUrl: string;
  issuer: string;
}

/**
 * The Content-Security-Policy. Scripts only from the console's own origin: no inline script, no eval
 * (the early config request is a file, public/config-request.js); workers (the sandbox editor's) from
 * it too. Allowed narrowly, and why (each seen blocked in the sandbox journey without it):
 * - style-src 'unsafe-inline': the sandbox's editor (Monaco, in GraphiQL) adds <style> elements and
 *   style attributes at run time; styles cannot run code, and scripts stay strict;
 * - font-src data:: Monaco's icon font is inlined in its CSS;
 * - img-src data:: the favicon and Blueprint's form controls are inline SVG images.
 */
export function contentSecurityPolicy({ gatewayUrl, issuer }: ConnectTargets): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    `connect-src 'self' ${gatewayUrl} ${issuer}`,
    "worker-src 'self'",
    "frame-src 'none'",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ].join('; ');
}

/** Every header the console's pages are served with; with `https`, HSTS too (issue 39 §2). */
export function securityHeaders(targets: ConnectTargets, { https = false } = {}): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(targets),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    ...(https ? { 'Strict-Transport-Security': STRICT_TRANSPORT_SECURITY } : {}),
  };
}

/** The nginx variable deploy/web-nginx.conf maps to the HSTS value on https answers and to nothing on http. */
export const NGINX_HSTS_VARIABLE = '$meridian_hsts';

/**
 * The same headers as nginx `add_header` lines, with `${GATEWAY_URL}` and `${OIDC_ISSUER}` left for the
 * container's start to fill in (deploy/web-config.sh, envsubst). HSTS is the mapped variable: nginx
 * sends no header whose value is empty, so plain http answers go without it.
 */
export function nginxSecurityHeadersTemplate(): string {
  const headers = securityHeaders({ gatewayUrl: '${GATEWAY_URL}', issuer: '${OIDC_ISSUER}' });
  const lines = Object.entries(headers).map(([name, value]) => `add_header ${name} "${value}" always;`);
  lines.push(`add_header Strict-Transport-Security ${NGINX_HSTS_VARIABLE} always;`);
  return `${lines.join('\n')}\n`;
}
