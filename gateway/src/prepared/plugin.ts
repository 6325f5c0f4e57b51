import type { ApolloServerPlugin } from '@apollo/server';
import type { GatewayRequestContext } from '../context.js';
import type { TrustedDocuments } from '../trusted-documents/manifest.js';
import { estimateRequest } from '../cost/budget-plugin.js';
import type { PreparedOperations } from './operations.js';

/**
 * Prepares a request's document once Apollo has parsed and validated it and every plugin has let its
 * operation run (executionDidStart comes after all didResolveOperation hooks): the next request for the
 * same document and operation takes the prepared path. Only requests the prepared path could serve carry
 * `preparedAs` (executeGraphQL sets it).
 */
export function preparedOperationsPlugin(
  prepared: PreparedOperations,
  documents: TrustedDocuments,
): ApolloServerPlugin<GatewayRequestContext> {
  return {
    async requestDidStart({ contextValue }) {
      const request = contextValue.preparedAs;
      if (!request) return;
      return {
        async executionDidStart({ schema, document, operation, queryHash }) {
          const withoutVariables = !operation.variableDefinitions?.length;
          prepared.remember(request, {
            document,
            operation,
            registered: documents.document(queryHash) !== undefined,
            documentHash: queryHash,
            ...(withoutVariables
              ? { fixedEstimate: estimateRequest({ schema, document, operation, variables: undefined }) }
              : {}),
          });
        },
      };
    },
  };
}
