/* global window */
// The runtime configuration is fetched while the console's code downloads (main.tsx takes the request
// over: src/config/early-request.ts); same options as src/config/runtime.ts. Marked handled here so a
// failure is reported once, by the console's configuration error screen. A file, not an inline script:
// the Content-Security-Policy allows scripts from the console's origin only (security-headers.ts).
window.meridianConfigRequest = fetch('/config.json', {
  cache: 'no-store',
  headers: { accept: 'application/json' },
});
window.meridianConfigRequest.catch(function () {});
