declare global {
  interface Window {
    /** /config.json as public/config-request.js asked for it, before the console's code loaded. */
    meridianConfigRequest?: Promise<Response>;
  }
}

/**
 * A fetch for loadRuntimeConfig that answers its first call with public/config-request.js's early request for
 * /config.json (made with the same options while the code downloads, so start-up does not wait for it
 * afterwards); later calls, or a page without the early request (tests, dev tools), fetch anew.
 */
export function earlyConfigFetch(target: Window = window): typeof fetch {
  let early = target.meridianConfigRequest;
  delete target.meridianConfigRequest;
  return (input, init) => {
    const request = early;
    early = undefined;
    return request ?? fetch(input, init);
  };
}
