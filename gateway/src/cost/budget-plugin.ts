import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError, type DocumentNode, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';
import type { GatewayRequestContext } from '../context.js';
import { ALL_ROWS_ESTIMATE, estimatePlatformCalls, type CostEstimate } from './estimate.js';

/** Platform calls a request may cost within one rate-limit token; beyond, each such share takes one more. */
export const CALLS_PER_RATE_TOKEN = 10;

/**
 * The most values (rows × the fields selected in each) one answer may hold, as estimated before it runs.
 * The console's largest page, the activity export's 1,000 events, holds 19,002; a users export page of
 * 500 users, 3,001.
 */
export const MAX_ANSWER_VALUES = 25_000;

/**
 * Values an answer may hold within one rate-limit token; beyond, each such share takes one more. A
 * console list page (50 users, 403 values) takes 4 tokens more, `users(limit: 0)` over 3,379 users with
 * three fields 101 more: six loops of it get about 10 answers a minute at the default rate limit
 * (docs/decisions.md says why this price).
 */
export const VALUES_PER_RATE_TOKEN = 100;

const count = (n: number) => n.toLocaleString('en-US');

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

/** The refusal of a request whose answer would be too large: how large, the limit, and which pages to narrow. */
export function tooManyValuesMessage(estimate: CostEstimate, most: number = MAX_ANSWER_VALUES): string {
  const narrow = [...estimate.pages]
    .filter((page) => page.values > 0)
    .sort((a, b) => b.values - a.values)
    .slice(0, 3)
    .map(({ path, limit }) =>
      limit === 0 ? `${path} (limit 0, all rows, counted as ${count(ALL_ROWS_ESTIMATE)})` : `${path} (limit ${limit})`,
    )
    .join(', ');
  return (
    `This request could return ${count(estimate.values)} values (rows × the fields selected in each); ` +
    `the most one request may return is ${count(most)}. ` +
    (narrow
      ? `Ask for fewer rows in ${narrow} and page through them with offset, or select fewer fields in each row.`
      : 'Select fewer fields.')
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

const tooExpensive = (message: string) =>
  new GraphQLError(message, { extensions: { code: 'QUERY_TOO_EXPENSIVE', http: { status: 400 } } });

/** Rate-limit tokens the values of an answer take beyond the request's own. */
const valueTokens = (values: number) => Math.floor(values / VALUES_PER_RATE_TOKEN);

/**
 * Applies the budget to a request's estimate: over `budget` calls or MAX_ANSWER_VALUES values, throws
 * the refusal (400, QUERY_TOO_EXPENSIVE) before anything is charged; under it, records the estimate and
 * charges the extra rate-limit tokens, and answers the estimate (chargeAnswer needs it once the answer
 * is made). A budget of 0 turns cost accounting off (nothing is estimated; undefined is answered).
 */
export function applyPlatformBudget(
  budget: number,
  estimateOf: () => CostEstimate,
  context: Pick<GatewayRequestContext, 'trace' | 'chargeRateLimit'>,
): CostEstimate | undefined {
  if (budget <= 0) return undefined;
  const estimate = estimateOf();
  context.trace.platformCallEstimate = estimate.calls;
  if (estimate.calls > budget) throw tooExpensive(overBudgetMessage(estimate, budget));
  if (estimate.values > MAX_ANSWER_VALUES) throw tooExpensive(tooManyValuesMessage(estimate));
  const extra = Math.floor(estimate.calls / CALLS_PER_RATE_TOKEN) + valueTokens(estimate.values);
  if (extra > 0) context.chargeRateLimit(extra);
  return estimate;
}

/** The values an answer's data holds: every scalar (null included) in it, __typename aside. */
export function valuesIn(data: unknown): number {
  if (data === null || typeof data !== 'object') return 1;
  let values = 0;
  if (Array.isArray(data)) {
    for (const item of data) values += valuesIn(item);
    return values;
  }
  for (const key in data) {
    if (key !== '__typename') values += valuesIn((data as Record<string, unknown>)[key]);
  }
  return values;
}

/**
 * Once an answer with a page of all rows is made, its real size is known: the values it holds beyond
 * what the estimate charged take their rate-limit tokens now. Other answers hold at most what was
 * estimated (every page is bounded by its limit), so they are not read again.
 */
export function chargeAnswer(
  estimate: CostEstimate | undefined,
  data: unknown,
  context: Pick<GatewayRequestContext, 'chargeRateLimit'>,
): void {
  if (!estimate?.allRows || data == null) return;
  const extra = valueTokens(valuesIn(data)) - valueTokens(estimate.values);
  if (extra > 0) context.chargeRateLimit(extra);
}

/**
 * What a request costs is what it can cost the platform and what its answer holds: estimated from the
 * document and its variables before anything runs. Over `budget` calls or MAX_ANSWER_VALUES values it is
 * refused up front (400, QUERY_TOO_EXPENSIVE) with what to narrow; under it, it spends one more rate-limit
 * token per CALLS_PER_RATE_TOKEN calls and per VALUES_PER_RATE_TOKEN values beyond the first share, so an
 * expensive caller reaches their limit sooner instead of slowing everyone else. A page of all rows is
 * charged again for what its answer really held.
 */
export function platformBudgetPlugin(budget: number): ApolloServerPlugin<GatewayRequestContext> {
  return {
    async requestDidStart() {
      let estimate: CostEstimate | undefined;
      return {
        async didResolveOperation({ schema, document, operation, request, contextValue }) {
          if (!operation) return;
          const costed = { schema, document, operation, variables: request.variables };
          estimate = applyPlatformBudget(budget, () => estimateRequest(costed), contextValue);
        },
        async willSendResponse({ response, contextValue }) {
          if (estimate?.allRows && response.body.kind === 'single') {
            chargeAnswer(estimate, response.body.singleResult.data, contextValue);
          }
        },
      };
    },
  };
}
