import { HeaderMap, type ApolloServerPlugin } from '@apollo/server';
import { GraphQLError } from 'graphql';
import { isRole } from '@meridian/schema';
import type { Caller, GatewayRequestContext } from '../context.js';
import { sha256, type TrustedDocuments } from './manifest.js';

/**
 * Who may run documents of their own (ARBITRARY_DOCUMENTS): internal tools, every signed-in user, some
 * roles, requests without a token.
 */
export type OwnDocumentsPolicy = ReadonlySet<string>;

export const OWN_DOCUMENTS_CALLERS = ['tools', 'users', 'anonymous'] as const;

export const DOCUMENT_NOT_TRUSTED_MESSAGE =
  'This gateway runs only the console’s own operations for your account, and this document is not one of them. ' +
  'Internal tools sign in with client credentials to send documents of their own.';

/** Reads ARBITRARY_DOCUMENTS: `tools`, `users` (every signed-in person), `anonymous` and role keys, comma-separated. */
export function parseOwnDocumentsPolicy(value: string): OwnDocumentsPolicy {
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    if (!(OWN_DOCUMENTS_CALLERS as readonly string[]).includes(entry) && !isRole(entry))
      throw new Error(
        `ARBITRARY_DOCUMENTS: "${entry}" is none of tools, users, anonymous or a role key (systemAdmin, …).`,
      );
  }
  return new Set(entries);
}

/** Whether `caller` (null: no token) may run a document that is not one of the console's. */
export function mayRunOwnDocuments(caller: Caller | null, policy: OwnDocumentsPolicy): boolean {
  if (!caller) return policy.has('anonymous');
  if (caller.kind === 'client') return policy.has('tools');
  return policy.has('users') || policy.has(caller.role);
}

/** A request may run a document that is registered, or any document when its caller may run their own. */
export function mayRunDocument(
  registered: boolean,
  context: Pick<GatewayRequestContext, 'mayRunOwnDocuments'>,
): boolean {
  return registered || context.mayRunOwnDocuments;
}

/**
 * What a request without a token hears when it sends a document of its own where anonymous callers may
 * not (production): that it needs to sign in, and nothing about the schema.
 */
export const ANONYMOUS_DOCUMENT_MESSAGE =
  'Sign in first: without an access token this gateway runs only the console’s own operations.';

/** The document text a request sends, if any: a POST's JSON `query`, a GET's `?query=`. */
export function sentDocumentText(method: string, url: string, body: unknown): string | undefined {
  if (method === 'GET') {
    const at = url.indexOf('?');
    return at === -1 ? undefined : (new URLSearchParams(url.slice(at + 1)).get('query') ?? undefined);
  }
  const query = typeof body === 'object' && body !== null ? (body as { query?: unknown }).query : undefined;
  return typeof query === 'string' ? query : undefined;
}

/** Why a request is refused before its document is parsed, or null when it goes on. */
export interface EarlyRefusal {
  status: 401 | 403;
  code: 'UNAUTHENTICATED' | 'DOCUMENT_NOT_TRUSTED';
  message: string;
}

/**
 * Before GraphQL reads the document: a caller who may not run documents of their own and sends a text
 * that is not registered is refused now, before parsing and validation, whose errors describe the
 * schema ("Cannot query field X on type Y"). A hash alone is left to Apollo: it runs the registered
 * document or answers PERSISTED_QUERY_NOT_FOUND, neither of which tells the schema. Anonymous callers
 * get 401 (they would need a tool's token), signed-in ones the 403 the plugin below gives.
 */
export function refusedBeforeParsing(
  text: string | undefined,
  signedIn: boolean,
  documents: TrustedDocuments,
  context: Pick<GatewayRequestContext, 'mayRunOwnDocuments'>,
): EarlyRefusal | null {
  if (text === undefined || context.mayRunOwnDocuments) return null;
  if (documents.document(sha256(text)) !== undefined) return null;
  return signedIn
    ? { status: 403, code: 'DOCUMENT_NOT_TRUSTED', message: DOCUMENT_NOT_TRUSTED_MESSAGE }
    : { status: 401, code: 'UNAUTHENTICATED', message: ANONYMOUS_DOCUMENT_MESSAGE };
}

/**
 * Trusted documents: a request runs a registered document (sent by its hash, or as its exact text), or
 * its caller is one the policy lets run their own; anyone else gets a 403 that says why. Checked once
 * the operation is known (parse and validation are cached per document by Apollo).
 */
export function trustedDocumentsPlugin(documents: TrustedDocuments): ApolloServerPlugin<GatewayRequestContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ queryHash, contextValue }) {
          if (mayRunDocument(documents.document(queryHash) !== undefined, contextValue)) return;
          throw new GraphQLError(DOCUMENT_NOT_TRUSTED_MESSAGE, {
            extensions: { code: 'DOCUMENT_NOT_TRUSTED', http: { status: 403, headers: new HeaderMap() } },
          });
        },
      };
    },
  };
}
