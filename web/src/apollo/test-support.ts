import type { TypedDocumentNode } from '@apollo/client';
import { parse } from 'graphql';
import { createHash } from 'node:crypto';
import { ApolloSetup } from './setup.js';

/**
 * A test's own GraphQL document, typed, carrying a hash as codegen's documents do (the console sends
 * hashes only). Tests never write graphql(): codegen leaves test files out, so their operations stay out
 * of persisted-documents.json, the production gateway's allow-list.
 */
export function testDocument<TData, TVariables extends Record<string, unknown> = Record<string, never>>(
  source: string,
): TypedDocumentNode<TData, TVariables> {
  const hash = `sha256:${createHash('sha256').update(source).digest('hex')}`;
  return Object.assign(parse(source), { __meta__: { hash } });
}

/** One answer of the gateway stub: a GraphQL body with an HTTP status (200 unless given). */
export interface StubAnswer {
  status?: number;
  body: unknown;
}

export type StubHandler = (variables: Record<string, unknown>) => StubAnswer | Record<string, unknown>;

export interface SentRequest {
  operationName: string;
  variables: Record<string, unknown>;
  authorization: string | null;
}

const isAnswer = (value: unknown): value is StubAnswer =>
  typeof value === 'object' && value !== null && 'body' in value;

/**
 * A fetch that answers GraphQL over HTTP as the gateway does, by operation name: a handler returns the
 * `data` (200), or a full answer with status and body (errors, 401). Everything sent is recorded, so
 * tests count requests. The real HttpLink, cache and error handling run on top of it.
 */
export function gatewayFetchStub(handlers: Record<string, StubHandler>) {
  const sent: SentRequest[] = [];
  const fetchStub: typeof fetch = async (_url, init) => {
    const request = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as {
      operationName?: string;
      variables?: Record<string, unknown>;
    };
    const operationName = request.operationName ?? '';
    const headers = new Headers(init?.headers);
    sent.push({ operationName, variables: request.variables ?? {}, authorization: headers.get('authorization') });
    const handler = handlers[operationName];
    if (!handler) {
      return new Response(JSON.stringify({ errors: [{ message: `No stub for ${operationName}` }] }), {
        status: 500,
        headers: { 'content-type': 'application/json' },
      });
    }
    const result = handler(request.variables ?? {});
    const answer = isAnswer(result) ? result : { body: { data: result } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
  };
  const count = (operationName: string) => sent.filter((request) => request.operationName === operationName).length;
  return { fetch: fetchStub, sent, count };
}

/** An ApolloSetup on the stub, with a token per request and auth failures recorded. */
export function testApolloSetup(
  handlers: Record<string, StubHandler>,
  { storage = window.localStorage, token = 'token-a' }: { storage?: Storage; token?: string } = {},
) {
  const gateway = gatewayFetchStub(handlers);
  const authFailures: string[] = [];
  const setup = new ApolloSetup({
    gatewayUrl: 'http://gateway.test/graphql',
    getAccessToken: async () => token,
    onAuthFailure: (failure) => authFailures.push(failure),
    storage,
    fetch: gateway.fetch,
  });
  return { setup, gateway, authFailures };
}
