import { describe, expect, it } from 'vitest';
import { createSandboxFetcher } from './sandbox-fetcher.js';

/** A fetch that records what it was asked and answers `status` with `body`. */
function recordingFetch(status: number, body: string) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = ((url: string, init: RequestInit) => {
    calls.push({ url, init });
    return Promise.resolve(new Response(body, { status }));
  }) as typeof globalThis.fetch;
  return { calls, fetch };
}

describe('sandbox fetcher', () => {
  it('sends the operation to the gateway with the token current at the time of sending', async () => {
    let token = 'first-token';
    const { calls, fetch } = recordingFetch(200, '{"data":{"viewer":{"email":"ada@meridian.test"}}}');
    const fetcher = createSandboxFetcher({ url: 'https://gw.test/graphql', getAccessToken: () => token, fetch });

    await expect(fetcher({ query: '{ viewer { email } }', operationName: null })).resolves.toEqual({
      data: { viewer: { email: 'ada@meridian.test' } },
    });
    token = 'renewed-token';
    await fetcher({ query: 'query Me { viewer { email } }', operationName: 'Me', variables: { a: 1 } });

    expect(calls[0]!.url).toBe('https://gw.test/graphql');
    expect(calls[0]!.init.method).toBe('POST');
    expect((calls[0]!.init.headers as Record<string, string>).authorization).toBe('Bearer first-token');
    expect((calls[1]!.init.headers as Record<string, string>).authorization).toBe('Bearer renewed-token');
    expect(JSON.parse(calls[1]!.init.body as string)).toEqual({
      query: 'query Me { viewer { email } }',
      operationName: 'Me',
      variables: { a: 1 },
    });
  });

  it('adds the headers typed into the editor, which may replace the token', async () => {
    const { calls, fetch } = recordingFetch(200, '{"data":{}}');
    const fetcher = createSandboxFetcher({ url: '/graphql', getAccessToken: () => 'mine', fetch });
    await fetcher({ query: '{ __typename }' }, { headers: { Authorization: 'Bearer other', 'X-Trace': 7 } });
    const headers = calls[0]!.init.headers as Record<string, string>;
    expect(headers.authorization).toBe('Bearer other');
    expect(headers['x-trace']).toBe('7');
  });

  it('sends no authorization header without a token, and shows an answer that is not JSON as an error', async () => {
    const { calls, fetch } = recordingFetch(502, '');
    const fetcher = createSandboxFetcher({ url: '/graphql', getAccessToken: () => null, fetch });
    await expect(fetcher({ query: '{ __typename }' })).resolves.toEqual({
      errors: [{ message: '502 http status received' }],
    });
    expect((calls[0]!.init.headers as Record<string, string>).authorization).toBeUndefined();
  });
});
