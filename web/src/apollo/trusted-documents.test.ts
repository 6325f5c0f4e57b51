import { MESSAGES } from '@meridian/schema';
import { Kind, parse } from 'graphql';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import persisted from '../gql/persisted-documents.json' with { type: 'json' };
import { SessionViewerQuery } from '../session/viewer-query.js';
import { createApolloClient, createCache } from './client.js';
import { FreshnessTracker } from './freshness.js';
import { trustedHashOf } from './links.js';

/** The console's client on a fetch that records each body and answers with `answer`. */
function clientAnswering(answer: unknown) {
  const bodies: Record<string, unknown>[] = [];
  let stale = 0;
  const client = createApolloClient({
    gatewayUrl: 'http://gateway.test/graphql',
    getAccessToken: async () => 'token',
    onAuthFailure: () => undefined,
    onStaleDocument: () => (stale += 1),
    freshness: new FreshnessTracker(window.localStorage),
    cache: createCache(),
    fetch: async (_url, init) => {
      bodies.push(JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<string, unknown>);
      return new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } });
    },
  });
  return { client, bodies, staleCount: () => stale };
}

describe('trusted documents in the console', () => {
  it('sends an operation as its hash alone, the hash codegen listed for the gateway', async () => {
    const { client, bodies } = clientAnswering({ data: null });
    await client.query({ query: SessionViewerQuery }).catch(() => undefined);
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).not.toHaveProperty('query');
    expect(bodies[0]).toMatchObject({
      operationName: 'SessionViewer',
      extensions: { persistedQuery: { version: 1, sha256Hash: trustedHashOf(SessionViewerQuery) } },
    });
    expect(Object.keys(persisted)).toContain(`sha256:${trustedHashOf(SessionViewerQuery)}`);
  });

  it('turns a hash the gateway does not know into a reload, never into sending the text', async () => {
    const { client, bodies, staleCount } = clientAnswering({
      errors: [{ message: MESSAGES.staleDocument, extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } }],
    });
    await expect(client.query({ query: SessionViewerQuery })).rejects.toThrow(MESSAGES.staleDocument);
    expect(staleCount()).toBe(1);
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).not.toHaveProperty('query');
  });

  it("lists the console's own operations only, none declared only in a test", () => {
    const srcDir = path.resolve(import.meta.dirname, '..');
    const sources = readdirSync(srcDir, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !file.startsWith(`gql${path.sep}`))
      .map((file) => ({ test: /\.test\.tsx?$/.test(file), text: readFileSync(path.join(srcDir, file), 'utf8') }));
    const declared = (text: string) =>
      new Set([...text.matchAll(/\b(?:query|mutation|subscription|fragment)\s+([A-Za-z_]\w*)/g)].map((m) => m[1]!));
    const inConsole = new Set(sources.filter((s) => !s.test).flatMap((s) => [...declared(s.text)]));
    const listed = Object.values(persisted as Record<string, string>).flatMap((document) =>
      parse(document).definitions.flatMap((definition) =>
        definition.kind === Kind.OPERATION_DEFINITION && definition.name ? [definition.name.value] : [],
      ),
    );

    expect(listed).toContain('SessionViewer');
    expect(listed.filter((name) => !inConsole.has(name))).toEqual([]);
  });
});
