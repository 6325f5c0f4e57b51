import type { ApolloServerPlugin } from '@apollo/server';
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters } from '@meridian/schema';
import { GraphQLError, Kind, OperationTypeNode, visit, type ValueNode } from 'graphql';
import type { GatewayRequestContext } from '../context.js';

export const SUBSCRIPTIONS_MESSAGE = 'Subscriptions are not supported: send a query or a mutation.';
export const MALFORMED_TEXT_MESSAGE = 'Must be well-formed text (it holds a lone surrogate, such as \\uD800).';

// A UTF-16 surrogate without its pair: no character at all, and nothing the platform could store.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What is wrong with a string argument, or null. */
function textProblem(value: string): string | null {
  if (hasControlCharacters(value)) return CONTROL_CHARACTERS_MESSAGE;
  if (LONE_SURROGATE.test(value)) return MALFORMED_TEXT_MESSAGE;
  return null;
}

function refused(field: string, problem: string): GraphQLError {
  return new GraphQLError(`${field}: ${problem}`, {
    extensions: { code: 'BAD_USER_INPUT', field, http: { status: 400 } },
  });
}

/** The first bad string among the variables' values, with its path ($input.name). */
function checkValue(value: unknown, path: string): void {
  if (typeof value === 'string') {
    const problem = textProblem(value);
    if (problem) throw refused(path, problem);
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => checkValue(item, `${path}.${index}`));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) checkValue(item, `${path}.${key}`);
  }
}

/** Throws the refusal of the first bad string among a request's variables (BAD_USER_INPUT, 400). */
export function checkVariablesText(variables: Record<string, unknown> | undefined): void {
  for (const [name, value] of Object.entries(variables ?? {})) checkValue(value, `$${name}`);
}

/** The same for an argument written in the document itself (a literal). */
function checkLiteral(node: ValueNode, path: string): void {
  if (node.kind === Kind.STRING) {
    const problem = textProblem(node.value);
    if (problem) throw refused(path, problem);
  } else if (node.kind === Kind.LIST) {
    node.values.forEach((item, index) => checkLiteral(item, `${path}.${index}`));
  } else if (node.kind === Kind.OBJECT) {
    for (const field of node.fields) checkLiteral(field.value, `${path}.${field.name.value}`);
  }
}

/**
 * Client mistakes answered as such (400, BAD_USER_INPUT or BAD_REQUEST), before any platform call:
 * a subscription (the contract has none), and text no field may hold — control characters such as
 * NUL (PostgreSQL refuses them) or a lone surrogate (no character at all) — in any argument, written
 * in the document or sent as a variable. The platform refuses such text too; here it costs nothing.
 */
export function inputTextPlugin(): ApolloServerPlugin<GatewayRequestContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ operation, document, request }) {
          if (operation?.operation === OperationTypeNode.SUBSCRIPTION) {
            throw new GraphQLError(SUBSCRIPTIONS_MESSAGE, {
              extensions: { code: 'BAD_REQUEST', http: { status: 400 } },
            });
          }
          checkVariablesText(request.variables);
          // Fragments included: every argument anywhere in the document.
          visit(document, { Argument: (node) => checkLiteral(node.value, node.name.value) });
        },
      };
    },
  };
}
