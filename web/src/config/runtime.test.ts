import { describe, expect, it } from 'vitest';
import { environmentFromHost } from './environment.js';
import { ConfigError, idleTimeoutMs, loadRuntimeConfig, parseRuntimeConfig } from './runtime.js';

const FILE = {
  productName: 'Meridian',
  gatewayUrl: 'http://localhost:4000/graphql',
  oidc: { issuer: 'http://localhost:4011/', clientId: 'meridian-console' },
};

const jsonResponse = (body: unknown, status = 200) =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

describe('the environment, from the host name', () => {
  it.each([
    ['localhost', 'local'],
    ['127.0.0.1', 'local'],
    ['console.localhost', 'local'],
    ['console.test.meridian.example', 'testing'],
    ['testing-console.meridian.example', 'testing'],
    ['console-dev.meridian.example', 'development'],
    ['development.meridian.example', 'development'],
    ['qa.console.meridian.example', 'qa'],
    ['console.meridian.example', 'production'],
    ['devices.meridian.example', 'production'],
    ['CONSOLE.QA.MERIDIAN.EXAMPLE.', 'qa'],
  ] as const)('%s is %s', (host, environment) => {
    expect(environmentFromHost(host)).toBe(environment);
  });
});

describe('the runtime configuration', () => {
  it('reads config.json with the environment of the host', () => {
    expect(parseRuntimeConfig(FILE, 'localhost')).toEqual({
      productName: 'Meridian',
      gatewayUrl: 'http://localhost:4000/graphql',
      oidc: { issuer: 'http://localhost:4011', clientId: 'meridian-console' },
      environment: 'local',
    });
  });

  it("lets the host's environment choose its own gateway and provider", () => {
    const file = {
      ...FILE,
      idleTimeoutMinutes: 15,
      environments: {
        qa: {
          gatewayUrl: 'https://gateway.qa.meridian.example/graphql',
          oidc: { issuer: 'https://sign-in.qa.meridian.example', clientId: 'console-qa' },
        },
      },
    };
    const qa = parseRuntimeConfig(file, 'console.qa.meridian.example');
    expect(qa).toMatchObject({
      environment: 'qa',
      gatewayUrl: 'https://gateway.qa.meridian.example/graphql',
      oidc: { issuer: 'https://sign-in.qa.meridian.example', clientId: 'console-qa' },
      idleTimeoutMinutes: 15,
    });
    expect(idleTimeoutMs(qa)).toBe(15 * 60_000);
    expect(parseRuntimeConfig(file, 'console.meridian.example').gatewayUrl).toBe(FILE.gatewayUrl);
  });

  it('defaults the idle timeout to 30 minutes', () => {
    expect(idleTimeoutMs(parseRuntimeConfig(FILE, 'localhost'))).toBe(30 * 60_000);
  });

  it('says what is wrong with a bad file', () => {
    expect(() => parseRuntimeConfig({ ...FILE, gatewayUrl: '' }, 'localhost')).toThrow(
      'gatewayUrl must be a non-empty string.',
    );
    expect(() => parseRuntimeConfig({ ...FILE, oidc: { issuer: 'x' } }, 'localhost')).toThrow(
      'oidc.clientId must be a non-empty string.',
    );
    expect(() => parseRuntimeConfig({ ...FILE, environments: { staging: {} } }, 'localhost')).toThrow(
      'environments.staging is not an environment.',
    );
    expect(() => parseRuntimeConfig({ ...FILE, idleTimeoutMinutes: 0 }, 'localhost')).toThrow(ConfigError);
    expect(() => parseRuntimeConfig([], 'localhost')).toThrow('config.json must hold a JSON object.');
  });

  it('loads /config.json past the HTTP cache, and fails with a ConfigError when it cannot', async () => {
    let asked: { url: string; init?: RequestInit } | null = null;
    const config = await loadRuntimeConfig(async (url, init) => {
      asked = {
        url: typeof url === 'string' ? url : url instanceof URL ? url.href : url.url,
        ...(init ? { init } : {}),
      };
      return jsonResponse(FILE);
    }, 'localhost');
    expect(config.productName).toBe('Meridian');
    expect(asked).toMatchObject({ url: '/config.json', init: { cache: 'no-store' } });

    await expect(loadRuntimeConfig(async () => jsonResponse('nope', 404), 'localhost')).rejects.toThrow(
      'config.json answered HTTP 404.',
    );
    await expect(loadRuntimeConfig(async () => jsonResponse('{not json'), 'localhost')).rejects.toThrow(
      'config.json is not valid JSON.',
    );
    await expect(
      loadRuntimeConfig(async () => {
        throw new TypeError('Failed to fetch');
      }, 'localhost'),
    ).rejects.toThrow('config.json could not be fetched: Failed to fetch');
  });
});
