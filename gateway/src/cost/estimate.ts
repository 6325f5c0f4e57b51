import {
  getNamedType,
  isAbstractType,
  isObjectType,
  Kind,
  OperationTypeNode,
  valueFromAST,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';

/**
 * Fields below the root whose resolvers call the platform once per parent (the root fields each call
 * it once as well). Reads repeated within a request are made once, so this is an upper bound. Lifecycle
 * fields (allowedActions, lifecycleProblem…) read only for organizations in the middle of a job, which
 * callers do not choose: they are not counted.
 */
export const PLATFORM_BACKED_FIELDS: ReadonlySet<string> = new Set([
  'Organization.users',
  'Organization.credentials',
  'Organization.features',
  'User.organization',
  'User.passwordResetMeta',
  'Viewer.organization',
  'Viewer.features',
  'CredentialPayload.user',
  'CredentialPayload.organization',
  // The command palette's two lists, each read only when selected.
  'SearchResults.organizations',
  'SearchResults.users',
]);

/**
 * Fields whose `limit` bounds each list directly below them rather than the object they answer: the
 * command palette's search holds two lists, each read once and each at most `limit` long.
 */
export const LIMIT_OF_LISTS_BELOW: ReadonlySet<string> = new Set(['Query.search']);

/** Rows a page may hold when its limit is 0 ("all records"): counted as this many. */
export const ALL_ROWS_ESTIMATE = 1000;

export interface CostEstimate {
  /** Platform calls the request can make at most. */
  calls: number;
  /** Paged fields (path and limit) that multiply platform calls below them: what to narrow. */
  multipliers: { path: string; limit: number }[];
}

interface Walk {
  schema: GraphQLSchema;
  fragments: Record<string, FragmentDefinitionNode>;
  variables: Record<string, unknown>;
  estimate: CostEstimate;
}

/** The page size a field asks for: its `limit` argument (a literal, a variable or the default). */
function pageSize(walk: Walk, parent: GraphQLCompositeType, field: FieldNode): number {
  if (!isObjectType(parent)) return 1;
  const definition = parent.getFields()[field.name.value]?.args.find((arg) => arg.name === 'limit');
  if (!definition) return 1;
  const node = field.arguments?.find((arg) => arg.name.value === 'limit')?.value;
  const given = node ? valueFromAST(node, definition.type, walk.variables) : definition.defaultValue;
  const limit = typeof given === 'number' && Number.isFinite(given) ? given : Number(definition.defaultValue ?? 1);
  return limit <= 0 ? ALL_ROWS_ESTIMATE : limit;
}

/**
 * Calls made under `selectionSet` of `parent`, each counted `multiplier` times; what lies below them
 * counted `listSize` times more (a LIMIT_OF_LISTS_BELOW parent's limit).
 */
function callsIn(
  walk: Walk,
  selectionSet: SelectionSetNode,
  parent: GraphQLCompositeType,
  multiplier: number,
  path: string,
  root: boolean,
  listSize = 1,
): number {
  let calls = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.INLINE_FRAGMENT) {
      const type = selection.typeCondition ? walk.schema.getType(selection.typeCondition.name.value) : parent;
      const fragmentType = (type as GraphQLCompositeType) ?? parent;
      calls += callsIn(walk, selection.selectionSet, fragmentType, multiplier, path, root, listSize);
      continue;
    }
    if (selection.kind === Kind.FRAGMENT_SPREAD) {
      const fragment = walk.fragments[selection.name.value];
      const type = fragment && walk.schema.getType(fragment.typeCondition.name.value);
      if (fragment && type)
        calls += callsIn(walk, fragment.selectionSet, type as GraphQLCompositeType, multiplier, path, root, listSize);
      continue;
    }
    const name = selection.name.value;
    if (name.startsWith('__') || isAbstractType(parent) || !isObjectType(parent)) continue;
    const definition = parent.getFields()[name];
    if (!definition) continue;
    const fieldPath = path ? `${path}.${selection.alias?.value ?? name}` : (selection.alias?.value ?? name);
    const own = root || PLATFORM_BACKED_FIELDS.has(`${parent.name}.${name}`) ? multiplier : 0;
    const ownSize = pageSize(walk, parent, selection);
    const size = ownSize * listSize;
    const type = getNamedType(definition.type);
    const limitsLists = LIMIT_OF_LISTS_BELOW.has(`${parent.name}.${name}`);
    const below =
      selection.selectionSet && (isObjectType(type) || isAbstractType(type))
        ? limitsLists
          ? callsIn(walk, selection.selectionSet, type, multiplier, fieldPath, false, size)
          : callsIn(walk, selection.selectionSet, type, multiplier * size, fieldPath, false)
        : 0;
    // The field whose own limit multiplies is the one to narrow.
    if (ownSize > 1 && below > 0) walk.estimate.multipliers.push({ path: fieldPath, limit: ownSize });
    calls += own + below;
  }
  return calls;
}

/** The most platform calls `operation` can make, and the paged fields that multiply them. */
export function estimatePlatformCalls(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown> = {},
): CostEstimate {
  const fragments = Object.fromEntries(
    document.definitions
      .filter((definition): definition is FragmentDefinitionNode => definition.kind === Kind.FRAGMENT_DEFINITION)
      .map((fragment) => [fragment.name.value, fragment]),
  );
  const rootType =
    operation.operation === OperationTypeNode.MUTATION ? schema.getMutationType() : schema.getQueryType();
  const walk: Walk = { schema, fragments, variables, estimate: { calls: 0, multipliers: [] } };
  if (rootType) walk.estimate.calls = callsIn(walk, operation.selectionSet, rootType, 1, '', true);
  return walk.estimate;
}
