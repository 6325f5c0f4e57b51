import { describe, expect, it, vi } from 'vitest';
import { earlyConfigFetch } from './early-request.js';
import { loadRuntimeConfig } from './runtime.js';

const CONFIG = {
  productName: 'Meridian',
  gatewayUrl: 'https://gateway.test/graphql',
  oidc: { issuer: 'https://sign-in.test', clientId: 'meridian-console' },
};
const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

describe('the early config.json request', () => {
  it('answers the first load with the request index.html made, then fetches anew', async () => {
    const page = { meridianConfigRequest: Promise.resolve(json(CONFIG)) } as unknown as Window;
    const network = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async () => json({ ...CONFIG, productName: 'Later' }));
    try {
      const configFetch = earlyConfigFetch(page);
      expect(page.meridianConfigRequest).toBeUndefined();
      expect((await loadRuntimeConfig(configFetch, 'localhost')).productName).toBe('Meridian');
      expect(network).not.toHaveBeenCalled();
      expect((await loadRuntimeConfig(configFetch, 'localhost')).productName).toBe('Later');
      expect(network).toHaveBeenCalledWith('/config.json', expect.objectContaining({ cache: 'no-store' }));
    } finally {
      network.mockRestore();
    }
  });

  it('reports the early request’s failure as the configuration error it is', async () => {
    const failed = Promise.reject(new TypeError('Failed to fetch'));
    failed.catch(() => undefined);
    const page = { meridianConfigRequest: failed } as unknown as Window;
    await expect(loadRuntimeConfig(earlyConfigFetch(page), 'localhost')).rejects.toThrow(
      'config.json could not be fetched: Failed to fetch',
    );
  });

  it('fetches when the page made no early request', async () => {
    const network = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json(CONFIG));
    try {
      await loadRuntimeConfig(earlyConfigFetch({} as Window), 'localhost');
      expect(network).toHaveBeenCalledTimes(1);
    } finally {
      network.mockRestore();
    }
  });
});
