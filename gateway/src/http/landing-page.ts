import type { GatewayConfig } from '../config.js';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The page's only style; no scripts at all, so the CSP can forbid them. */
const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:42rem;margin:4rem auto;padding:0 1rem;color:#1c2127}
h1{font-size:1.5rem}a.button{display:inline-block;padding:.5rem 1rem;border-radius:4px;background:#2d72d2;color:#fff;text-decoration:none}
a.secondary{background:#e5e8eb;color:#1c2127}code{background:#f6f7f9;padding:0 .25rem}small{color:#5f6b7c}`;

export const LANDING_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * What a developer sees opening the gateway in a browser: the way to the console's sandbox (signed in,
 * with the schema's documentation) and, where the internet is available, Apollo Sandbox.
 */
export function landingPage(config: Pick<GatewayConfig, 'productName' | 'consoleUrl' | 'audience'>): string {
  const endpoint = config.audience;
  const consoleSandbox = `${config.consoleUrl}/sandbox`;
  const apolloSandbox = `https://studio.apollographql.com/sandbox/explorer?endpoint=${encodeURIComponent(endpoint)}`;
  const product = escapeHtml(config.productName);
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${product} GraphQL API</title><style>${STYLE}</style></head>
<body>
<h1>${product} GraphQL API</h1>
<p>This is the GraphQL endpoint of the ${product} console: <code>${escapeHtml(endpoint)}</code>.
Send <code>POST</code> requests with a JSON body and an <code>Authorization: Bearer</code> access token.</p>
<p><a class="button" href="${escapeHtml(consoleSandbox)}">Open the sandbox in the console</a><br>
<small>Signs you in and lets you explore the schema, its documentation and your permissions.</small></p>
<p><a class="button secondary" href="${escapeHtml(apolloSandbox)}" rel="noopener noreferrer">Open Apollo Sandbox</a><br>
<small>Needs internet access (it runs from apollographql.com), the origin https://studio.apollographql.com
in the gateway's CORS_ORIGINS, and an access token in its headers.</small></p>
</body>
</html>`;
}
