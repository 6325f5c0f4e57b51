import { MESSAGES } from '@meridian/schema';

/** What GraphiQL hands a fetcher: the operation, and the headers typed into its headers editor. */
export interface SandboxRequest {
  query: string;
  operationName?: string | null;
  variables?: unknown;
}
export interface SandboxRequestOptions {
  headers?: Record<string, unknown>;
}

export interface SandboxFetcherOptions {
  /** The gateway's GraphQL URL (config.gatewayUrl). */
  url: string;
  /** The signed-in user's access token at the moment of sending (it is renewed while the page is open). */
  getAccessToken: () => string | null;
  fetch?: typeof globalThis.fetch;
}

/**
 * A GraphiQL fetcher that sends each operation to the gateway as the signed-in user. Headers from the
 * editor are added (a developer may try another token); the answer is returned whatever its status,
 * since GraphQL errors come with 4xx statuses too.
 */
export function createSandboxFetcher({ url, getAccessToken, fetch = globalThis.fetch }: SandboxFetcherOptions) {
  return async (request: SandboxRequest, options?: SandboxRequestOptions): Promise<unknown> => {
    const token = getAccessToken();
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/graphql-response+json, application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    };
    for (const [name, value] of Object.entries(options?.headers ?? {})) headers[name.toLowerCase()] = String(value);
    const response = await fetch(url, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        query: request.query,
        operationName: request.operationName ?? undefined,
        variables: request.variables ?? undefined,
      }),
    });
    const text = await response.text();
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return { errors: [{ message: text.trim() || MESSAGES.httpStatus(response.status) }] };
    }
  };
}

/**
 * Holds the latest access token for the fetcher to read when it sends. GraphiQL introspects the schema
 * again whenever its fetcher changes, so the fetcher stays the same across token renewals and reads
 * the token from here instead.
 */
export class AccessTokenSource {
  constructor(private token: string | null = null) {}

  set(token: string | null): void {
    this.token = token;
  }

  get(): string | null {
    return this.token;
  }
}
