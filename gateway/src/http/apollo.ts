import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginInlineTraceDisabled,
  ApolloServerPluginLandingPageDisabled,
  ApolloServerPluginSchemaReportingDisabled,
  ApolloServerPluginUsageReportingDisabled,
} from '@apollo/server/plugin/disabled';
import { ApolloArmor } from '@escape.tech/graphql-armor';
import type { GraphQLSchema } from 'graphql';
import type { Logger } from 'pino';
import type { GatewayConfig } from '../config.js';
import type { GatewayRequestContext } from '../context.js';
import { tracePlugin } from '../observability/apollo-plugin.js';
import { formatError } from '../errors/format-error.js';
import { inputTextPlugin } from '../errors/input-text.js';
import { platformBudgetPlugin } from '../cost/budget-plugin.js';
import type { TrustedDocuments } from '../trusted-documents/manifest.js';
import { trustedDocumentsPlugin } from '../trusted-documents/policy.js';
import { TrustedDocumentStore } from '../trusted-documents/store.js';
import type { PreparedOperations } from '../prepared/operations.js';
import { preparedOperationsPlugin } from '../prepared/plugin.js';

/** Armor's default token limit, applied by graphql-js's own parser (see ARMOR_LIMITS.maxTokens). */
export const MAX_TOKENS = 1000;

/**
 * GraphQL Armor's limits. Its defaults (depth 6, 15 aliases, 1,000 tokens, cost 5,000, 50 directives)
 * hold for every query of ours; fragments are counted where they are spread (flattenFragments), so the
 * console's colocated fragments do not each add a level of depth. Limits are not named in refusals.
 */
export const ARMOR_LIMITS = {
  maxDepth: { n: 6, flattenFragments: true, exposeLimits: false },
  maxAliases: { n: 15, exposeLimits: false },
  // Armor's Apollo token plugin parses the document itself and lets a syntax error escape as a 500;
  // graphql-js's parser enforces the same limit (parseOptions.maxTokens) and answers 400.
  maxTokens: { enabled: false },
  costLimit: { maxCost: 5000, flattenFragments: true, exposeLimits: false },
  maxDirectives: { n: 50, exposeLimits: false },
  blockFieldSuggestion: { enabled: true },
} as const;

/** Apollo Server over the contract, hardened: Armor, CSRF prevention, no suggestions, no stack traces. */
export function createApolloServer(
  schema: GraphQLSchema,
  config: GatewayConfig,
  log: Logger,
  trustedDocuments: TrustedDocuments,
  prepared: PreparedOperations,
): ApolloServer<GatewayRequestContext> {
  // A copy: Armor writes its handlers into the configuration it is given.
  const armor = new ApolloArmor(structuredClone(ARMOR_LIMITS)).protect();
  return new ApolloServer<GatewayRequestContext>({
    schema,
    logger: log,
    introspection: config.introspection,
    csrfPrevention: true,
    hideSchemaDetailsFromClientErrors: true,
    includeStacktraceInErrorResponses: false,
    allowBatchedHttpRequests: false,
    // Persisted queries answered from the trusted documents only: the console sends a hash, and
    // nothing a client sends is ever stored (no registration at run time).
    persistedQueries: { cache: new TrustedDocumentStore(trustedDocuments) },
    stopOnTerminationSignals: false,
    parseOptions: { maxTokens: MAX_TOKENS },
    validationRules: armor.validationRules,
    // Armor's declarations name Apollo's CommonJS types; the plugins are the same objects.
    plugins: [
      ...(armor.plugins as unknown as ApolloServerPlugin<GatewayRequestContext>[]),
      ApolloServerPluginLandingPageDisabled(),
      // Apollo installs cache control by default; its willResolveField hook makes Apollo wrap every
      // resolver of the schema and call it per field (a 50-row list resolves hundreds of fields). Answers
      // are never cacheable anyway (writeResponse sends `private, no-store`).
      ApolloServerPluginCacheControlDisabled(),
      // Nothing leaves for Apollo's cloud, whatever APOLLO_KEY the environment happens to hold.
      ApolloServerPluginUsageReportingDisabled(),
      ApolloServerPluginSchemaReportingDisabled(),
      ApolloServerPluginInlineTraceDisabled(),
      tracePlugin(),
      // Before the budget: a document the caller may not send is refused for that, whatever it costs.
      trustedDocumentsPlugin(trustedDocuments),
      inputTextPlugin(),
      platformBudgetPlugin(config.maxPlatformCalls),
      // Last: a document every other plugin has let run is prepared for the next request.
      preparedOperationsPlugin(prepared, trustedDocuments),
    ],
    formatError,
  });
}
