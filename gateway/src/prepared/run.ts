import { execute, getVariableValues, type GraphQLError, type GraphQLFormattedError, type GraphQLSchema } from 'graphql';
import { compileQuery, isCompiledQuery } from 'graphql-jit';
import type { GatewayRequestContext } from '../context.js';
import { applyPlatformBudget, chargeAnswer, estimateRequest } from '../cost/budget-plugin.js';
import type { CostEstimate } from '../cost/estimate.js';
import { formatError } from '../errors/format-error.js';
import { checkVariablesText } from '../errors/input-text.js';
import { recordErrors } from '../observability/apollo-plugin.js';
import { describeOperation } from '../observability/trace-context.js';
import { mayRunDocument } from '../trusted-documents/policy.js';
import type { PreparedOperation, PreparedOperations, PreparedRequest } from './operations.js';

/** An answer made on the prepared path, as Apollo would have made it. */
export interface PreparedAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

interface FormattedErrors {
  errors: GraphQLFormattedError[];
  status?: number;
  headers: Record<string, string>;
}

/**
 * Execution errors as Apollo Server formats them (its normalizeAndFormatErrors, which it does not
 * export): a code for every error (INTERNAL_SERVER_ERROR when it has none), an `http` extension taken
 * out into the answer's status and headers, then our formatError; a formatError that throws gives
 * 'Internal server error'. prepared.test.ts pins this against Apollo's own answers.
 */
function formatExecutionErrors(errors: readonly GraphQLError[]): FormattedErrors {
  const formatted: FormattedErrors = { errors: [], headers: {} };
  for (const error of errors) {
    // graphql-jit's errors (GraphQLErrors by prototype) carry no extensions when the thrown error has none.
    const extensions: Record<string, unknown> = {
      ...error.extensions,
      code: error.extensions?.code ?? 'INTERNAL_SERVER_ERROR',
    };
    const http = extensions.http as { status?: unknown; headers?: unknown } | undefined;
    if (http && typeof http === 'object') {
      if (typeof http.status === 'number') formatted.status = http.status;
      if (http.headers instanceof Map) {
        for (const [name, value] of http.headers as Map<string, string>) formatted.headers[name] = value;
      }
      delete extensions.http;
    }
    try {
      formatted.errors.push(formatError({ ...error.toJSON(), extensions }, error));
    } catch {
      formatted.errors.push({ message: 'Internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR' } });
    }
  }
  return formatted;
}

/**
 * Whether this request may take the prepared path: the caller may run the document, its variables are
 * acceptable text of the declared types, and it is within the budget (charged here, as the budget plugin
 * would). Anything refused is left to Apollo, which refuses it in its own words. Answers the estimate
 * (undefined with the budget off) when admissible, false otherwise.
 */
function admissible(
  schema: GraphQLSchema,
  budget: number,
  prepared: PreparedOperation,
  request: PreparedRequest,
  context: GatewayRequestContext,
): { estimate: CostEstimate | undefined } | false {
  if (!mayRunDocument(prepared.registered, context)) return false;
  try {
    checkVariablesText(request.variables);
  } catch {
    return false;
  }
  const definitions = prepared.operation.variableDefinitions ?? [];
  // Without declared variables there is nothing to coerce (any sent are ignored, as graphql-js does).
  if (definitions.length > 0 && getVariableValues(schema, definitions, request.variables ?? {}).errors) return false;
  try {
    const costed = { schema, document: prepared.document, operation: prepared.operation, variables: request.variables };
    return { estimate: applyPlatformBudget(budget, () => prepared.fixedEstimate ?? estimateRequest(costed), context) };
  } catch {
    return false;
  }
}

/**
 * The operation compiled once by graphql-jit (a function per selection instead of graphql-js walking the
 * document for every row: a 50-row list resolves several hundred fields), or null when graphql-jit
 * declines the document, which then runs on graphql-js's execute.
 */
function compiledOf(prepared: PreparedOperation, schema: GraphQLSchema, operationName: string | null) {
  if (prepared.compiled === undefined) {
    const compiled = compileQuery(schema, prepared.document, operationName ?? undefined);
    prepared.compiled = isCompiledQuery(compiled) ? compiled : null;
  }
  return prepared.compiled;
}

/**
 * Runs a request on its prepared operation, without Apollo's request pipeline: the same checks as the
 * plugins (trusted documents, input text, budget, the charge for an answer of all rows), the compiled
 * operation, and the answer Apollo would give. Undefined when the request is not prepared or not admissible: Apollo then serves it (and, once
 * it has run, prepares it).
 */
export async function runPrepared(
  operations: PreparedOperations,
  options: { schema: GraphQLSchema; budget: number },
  request: PreparedRequest,
  accept: string | undefined,
  context: GatewayRequestContext,
): Promise<PreparedAnswer | undefined> {
  const contentType = operations.contentTypeFor(accept);
  const prepared = operations.get(request);
  if (!contentType || !prepared) return undefined;
  const admitted = admissible(options.schema, options.budget, prepared, request, context);
  if (!admitted) return undefined;
  const operationName = prepared.operation.name?.value ?? request.operationName;
  if (operationName) context.trace.operationName = operationName;
  describeOperation(context.trace.otel, prepared.operation, prepared.documentHash);

  const compiled = compiledOf(prepared, options.schema, request.operationName);
  const result = compiled
    ? await compiled.query(undefined, context, request.variables ?? {})
    : await execute({
        schema: options.schema,
        document: prepared.document,
        operationName: request.operationName,
        variableValues: request.variables,
        contextValue: context,
      });
  // A page of all rows is charged for what it held (the budget plugin's willSendResponse on Apollo's path).
  chargeAnswer(admitted.estimate, result.data, context);
  if (!result.errors) {
    return { status: 200, headers: { 'content-type': contentType }, body: `${JSON.stringify(result)}\n` };
  }
  recordErrors(context, result.errors);
  const formatted = formatExecutionErrors(result.errors);
  return {
    status: formatted.status ?? 200,
    headers: { ...formatted.headers, 'content-type': contentType },
    body: `${JSON.stringify({ errors: formatted.errors, data: result.data, extensions: result.extensions })}\n`,
  };
}
