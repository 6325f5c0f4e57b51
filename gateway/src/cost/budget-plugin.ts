import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError, type DocumentNode, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';
import type { GatewayRequestContext } from '../context.js';
import { estimatePlatformCalls, type CostEstimate } from './estimate.js';

/** Platform calls a request may cost within one rate-limit token; beyond, each such share takes one more. */
export const CALLS_PER_RATE_TOKEN = 10;

/** The refusal of a request over budget: how costly, the limit, and what to narrow. */
export function overBudgetMessage(estimate: CostEstimate, budget: number): string {
  const narrow = estimate.multipliers
    .slice(0, 3)
    .map(({ path, limit }) => `${path} (limit ${limit})`)
    .join(', ');
  return (
    `This request could make ${estimate.calls} calls to the platform; the most one request may make is ${budget}. ` +
    (narrow ? `Ask for fewer rows in ${narrow}, or leave out the nested lists under them.` : 'Ask for fewer fields.')
  );
}

/** What a request can cost the platform: its operation in its document, with its variables. */
export interface CostedRequest {
  schema: GraphQLSchema;
  document: DocumentNode;
  operation: OperationDefinitionNode;
  variables: Record<string, unknown> | undefined;
}

export const estimateRequest = (request: CostedRequest): CostEstimate =>
  estimatePlatformCalls(request.schema, request.document, request.operation, request.variables ?? {});

/**
 * Applies the budget to a request's estimate: over `budget` calls, throws the refusal (400,
 * QUERY_TOO_EXPENSIVE) before anything is charged; under it, records the estimate and charges the extra
 * rate-limit tokens. A budget of 0 turns cost accounting off (and nothing is estimated).
 */
export function applyPlatformBudget(
  budget: number,
  estimateOf: () => CostEstimate,
  context: Pick<GatewayRequestContext, 'trace' | 'chargeRateLimit'>,
): void {
  if (budget <= 0) return;
  const estimate = estimateOf();
  context.trace.platformCallEstimate = estimate.calls;
  if (estimate.calls > budget) {
    throw new GraphQLError(overBudgetMessage(estimate, budget), {
      extensions: { code: 'QUERY_TOO_EXPENSIVE', http: { status: 400 } },
    });
  }
  const extra = Math.floor(estimate.calls / CALLS_PER_RATE_TOKEN);
  if (extra > 0) context.chargeRateLimit(extra);
}

/**
 * What a request costs is what it can cost the platform: estimated from the document and its variables
 * before anything runs. Over `budget` calls it is refused up front (400, QUERY_TOO_EXPENSIVE) with what to
 * narrow; under it, it spends one more rate-limit token per CALLS_PER_RATE_TOKEN calls beyond the first
 * share, so an expensive caller reaches their limit sooner instead of slowing everyone else.
 */
export function platformBudgetPlugin(budget: number): ApolloServerPlugin<GatewayRequestContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ schema, document, operation, request, contextValue }) {
          if (!operation) return;
          const costed = { schema, document, operation, variables: request.variables };
          applyPlatformBudget(budget, () => estimateRequest(costed), contextValue);
        },
      };
    },
  };
}
