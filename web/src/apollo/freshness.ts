import { canonicalStringify, getMainDefinition } from '@apollo/client/utilities';
import { Kind, OperationTypeNode, valueFromASTUntyped, type DocumentNode, type OperationDefinitionNode } from 'graphql';
import { CATALOG_ROOT_FIELDS } from './type-policies.js';

/** Spec section 7: results younger than this are served from the cache without a request. */
export const STALE_TIME_MS = 30_000;

/** Where the fetch times are kept beside the persisted cache (purged with it). */
export const FETCHED_AT_KEY = 'meridian.apollo.fetchedAt';

function operationOf(document: DocumentNode): OperationDefinitionNode | null {
  const definition = getMainDefinition(document);
  return definition.kind === Kind.OPERATION_DEFINITION ? definition : null;
}

/** The default values of an operation's variables (Apollo sends them too). */
function defaultVariables(operation: OperationDefinitionNode): Record<string, unknown> {
  const defaults: Record<string, unknown> = {};
  for (const definition of operation.variableDefinitions ?? []) {
    if (definition.defaultValue)
      defaults[definition.variable.name.value] = valueFromASTUntyped(definition.defaultValue);
  }
  return defaults;
}

/**
 * What identifies a result for freshness: the operation's name and its variables (defaults applied,
 * undefined dropped, keys sorted), the same whether computed by the hook or the link.
 */
export function freshnessKey(document: DocumentNode, variables: Record<string, unknown> | undefined): string {
  const operation = operationOf(document);
  const name = operation?.name?.value ?? '(anonymous)';
  const merged: Record<string, unknown> = { ...(operation ? defaultVariables(operation) : {}) };
  for (const [key, value] of Object.entries(variables ?? {})) if (value !== undefined) merged[key] = value;
  return `${name}:${canonicalStringify(merged)}`;
}

/** A query reading only catalog root fields: its result never goes stale (spec section 7). */
export function isCatalogDocument(document: DocumentNode): boolean {
  const operation = operationOf(document);
  if (!operation || operation.operation !== OperationTypeNode.QUERY) return false;
  // The trusted documents select __typename at the root too (codegen's typename transform).
  const fields = operation.selectionSet.selections.filter(
    (selection) => !(selection.kind === Kind.FIELD && selection.name.value === '__typename'),
  );
  return (
    fields.length > 0 &&
    fields.every(
      (selection) =>
        selection.kind === Kind.FIELD && (CATALOG_ROOT_FIELDS as readonly string[]).includes(selection.name.value),
    )
  );
}

/**
 * When each query (by freshnessKey) last got an answer from the network. Kept in storage beside the
 * persisted cache, so a reload within the stale time sends no request, as React Query's persisted
 * dataUpdatedAt would.
 */
export class FreshnessTracker {
  private fetchedAt = new Map<string, number>();

  constructor(
    private readonly storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null = null,
    private readonly now: () => number = Date.now,
  ) {}

  /** Reads the stored times (at start, for the user whose cache was restored). */
  restore(): void {
    this.fetchedAt.clear();
    try {
      const stored = JSON.parse(this.storage?.getItem(FETCHED_AT_KEY) ?? '{}') as Record<string, unknown>;
      for (const [key, time] of Object.entries(stored)) if (typeof time === 'number') this.fetchedAt.set(key, time);
    } catch {
      // unreadable: everything is stale, which is safe
    }
  }

  markFetched(key: string): void {
    this.fetchedAt.set(key, this.now());
    this.save();
  }

  /** Whether a result fetched for `key` is younger than `staleTimeMs` (never fetched: not fresh). */
  isFresh(key: string, staleTimeMs: number = STALE_TIME_MS): boolean {
    const fetchedAt = this.fetchedAt.get(key);
    if (fetchedAt === undefined) return false;
    return this.now() - fetchedAt < staleTimeMs;
  }

  clear(): void {
    this.fetchedAt.clear();
    try {
      this.storage?.removeItem(FETCHED_AT_KEY);
    } catch {
      // nothing stored
    }
  }

  private save(): void {
    try {
      this.storage?.setItem(FETCHED_AT_KEY, JSON.stringify(Object.fromEntries(this.fetchedAt)));
    } catch {
      // storage full: freshness then lives in memory only
    }
  }
}
