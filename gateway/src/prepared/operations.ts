import type { DocumentNode, OperationDefinitionNode } from 'graphql';
import type { CompiledQuery } from 'graphql-jit';
import { LRUCache } from 'lru-cache';
import type { CostEstimate } from '../cost/estimate.js';

/**
 * A document Apollo has parsed and validated once (our rules and Armor's), with the operation a request
 * named in it. Only facts that hold for every caller and every variable are kept: who may run it, what it
 * costs and whether its variables are acceptable are decided again on each request.
 */
export interface PreparedOperation {
  document: DocumentNode;
  operation: OperationDefinitionNode;
  /** The document is one of the console's trusted documents. */
  registered: boolean;
  /** Its SHA-256 hash (Apollo's queryHash): what its trace says it ran. */
  documentHash: string;
  /** What it can cost the platform, when that does not depend on variables (it declares none). */
  fixedEstimate?: CostEstimate;
  /** The operation compiled by graphql-jit on its first prepared run; null when it cannot be. */
  compiled?: CompiledQuery | null;
}

/** What a POST body asks for, when it is in the one shape the prepared path serves. */
export interface PreparedRequest {
  /** `h:<sha256>` for a persisted document sent by its hash alone, `q:<text>` for a document sent as text. */
  key: string;
  operationName: string | null;
  variables: Record<string, unknown> | undefined;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The hash of a body that carries only Apollo's persisted-query extension (version 1). */
function persistedHashOf(extensions: unknown): string | undefined {
  if (!isRecord(extensions) || Object.keys(extensions).length !== 1) return undefined;
  const persisted = extensions.persistedQuery;
  if (!isRecord(persisted) || persisted.version !== 1 || typeof persisted.sha256Hash !== 'string') return undefined;
  return persisted.sha256Hash;
}

/**
 * The longest document text kept prepared: four times the console's longest (1,738 characters). Longer
 * ones (only callers allowed their own documents can send them) go through Apollo every time, so a
 * thousand huge documents cannot fill this process's memory.
 */
export const PREPARED_TEXT_LIMIT = 8_000;

/**
 * The request a POST body makes, or undefined for any other shape (an extension besides the hash, a
 * document and a hash together, a variables value that is no object, a very long text…): Apollo
 * answers those.
 */
export function preparedRequestOf(body: unknown): PreparedRequest | undefined {
  if (!isRecord(body)) return undefined;
  const { query, extensions, operationName, variables } = body;
  if (operationName != null && typeof operationName !== 'string') return undefined;
  if (variables != null && !isRecord(variables)) return undefined;
  let key: string;
  if (typeof query === 'string' && extensions === undefined) {
    if (query.length > PREPARED_TEXT_LIMIT) return undefined;
    key = `q:${query}`;
  } else if (query === undefined && persistedHashOf(extensions)) key = `h:${persistedHashOf(extensions)}`;
  else return undefined;
  return { key, operationName: operationName ?? null, variables: variables ?? undefined };
}

/** Most distinct documents a gateway keeps prepared (the console has 55; tools a few more). */
export const PREPARED_LIMIT = 500;

/**
 * The operations this process has prepared, and the response content type Apollo chose for each Accept
 * header seen: both learnt from Apollo's own answers, so the prepared path repeats them and never decides
 * anything Apollo has not.
 */
export class PreparedOperations {
  // Bounded, least recently used dropped first, so no client can grow them without limit.
  private readonly operations = new LRUCache<string, PreparedOperation>({ max: PREPARED_LIMIT });
  private readonly contentTypes = new LRUCache<string, string>({ max: 50 });

  private static keyOf(key: string, operationName: string | null): string {
    return `${operationName ?? ''}\n${key}`;
  }

  get(request: PreparedRequest): PreparedOperation | undefined {
    return this.operations.get(PreparedOperations.keyOf(request.key, request.operationName));
  }

  remember(request: Pick<PreparedRequest, 'key' | 'operationName'>, operation: PreparedOperation): void {
    this.operations.set(PreparedOperations.keyOf(request.key, request.operationName), operation);
  }

  /** The content type Apollo answered a request with this Accept header (none: the header was absent). */
  contentTypeFor(accept: string | undefined): string | undefined {
    return this.contentTypes.get(accept ?? '');
  }

  learnContentType(accept: string | undefined, contentType: string): void {
    this.contentTypes.set(accept ?? '', contentType);
  }
}
