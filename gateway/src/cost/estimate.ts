import {
  getNamedType,
  getNullableType,
  isAbstractType,
  isListType,
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
  // Counted by the platform over the organization's people and its audit trail (issue 39).
  'Organization.signInImpact',
  'Organization.access',
  'User.organization',
  'User.passwordResetMeta',
  'User.mfa',
  'User.sessions',
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

/**
 * Rows a page is counted as, before it runs, when its limit is 0 ("all records"): its real size is known
 * only from the answer, which is then charged for what it held (budget-plugin.ts, chargeAnswer).
 */
export const ALL_ROWS_ESTIMATE = 1000;

/** A field with a `limit` (or `first`) argument: a page of rows (or, for the search, the length of its lists). */
export interface PagedField {
  /** Its path in the document, aliases as written (organizations, organizations.rows.users). */
  path: string;
  /** The page size asked for; a `limit` of 0 means all rows. */
  limit: number;
  /** The values the answer may hold under it: its rows × the fields selected in each, all pages above included. */
  values: number;
}

export interface CostEstimate {
  /** Platform calls the request can make at most. */
  calls: number;
  /** Paged fields (path and limit) that multiply platform calls below them: what to narrow. */
  multipliers: { path: string; limit: number }[];
  /**
   * Values (scalar fields, __typename aside) the answer may hold: each field selected in a row counts
   * once per row it may appear in. Lists without a limit (an organization's credentials, features or
   * domains) count as one row: they are short by nature. A page of all rows counts ALL_ROWS_ESTIMATE rows.
   */
  values: number;
  /** Every paged field, in document order: what to narrow when the answer would be too large. */
  pages: PagedField[];
  /** Some page asks for all rows (limit 0): the answer's real size is known only once it is made. */
  allRows: boolean;
}

interface Walk {
  schema: GraphQLSchema;
  fragments: Record<string, FragmentDefinitionNode>;
  variables: Record<string, unknown>;
  estimate: CostEstimate;
}

/** Where a selection set is, for counting what lies under it. */
interface Scope {
  /** Times each platform call here is made (the page sizes above it). */
  calls: number;
  /** Times each value here appears in the answer (the rows of the lists above it). */
  values: number;
  /** Rows of the nearest page above that no list has taken yet (a page's `rows`, the search's lists). */
  pending: number;
  /** LIMIT_OF_LISTS_BELOW: the size each call directly below is made for. */
  listSize: number;
  path: string;
  root: boolean;
}

/** What a selection set costs. */
interface Cost {
  calls: number;
  values: number;
}

/**
 * The arguments that size a page: `limit` (offset paging; 0 asks for all rows) and `first` (the audit
 * trail's cursor paging, 1 to 1,000).
 */
const PAGE_SIZE_ARGUMENTS = ['limit', 'first'];

/** The page size a field asks for (a literal, a variable or its default); undefined when it has none. */
function limitOf(walk: Walk, parent: GraphQLCompositeType, field: FieldNode): number | undefined {
  if (!isObjectType(parent)) return undefined;
  const definition = parent.getFields()[field.name.value]?.args.find((arg) => PAGE_SIZE_ARGUMENTS.includes(arg.name));
  if (!definition) return undefined;
  const node = field.arguments?.find((arg) => arg.name.value === definition.name)?.value;
  const given = node ? valueFromAST(node, definition.type, walk.variables) : definition.defaultValue;
  const size = typeof given === 'number' && Number.isFinite(given) ? given : Number(definition.defaultValue ?? 1);
  // Only `limit` 0 means all rows; a `first` below 1 is refused by the platform, counted as one row.
  return definition.name === 'limit' ? size : Math.max(1, size);
}

/** Calls and values under `selectionSet` of `parent`, in `scope`. */
function costIn(walk: Walk, selectionSet: SelectionSetNode, parent: GraphQLCompositeType, scope: Scope): Cost {
  const cost: Cost = { calls: 0, values: 0 };
  const add = (part: Cost) => {
    cost.calls += part.calls;
    cost.values += part.values;
  };
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.INLINE_FRAGMENT) {
      const type = selection.typeCondition ? walk.schema.getType(selection.typeCondition.name.value) : parent;
      add(costIn(walk, selection.selectionSet, (type as GraphQLCompositeType) ?? parent, scope));
      continue;
    }
    if (selection.kind === Kind.FRAGMENT_SPREAD) {
      const fragment = walk.fragments[selection.name.value];
      const type = fragment && walk.schema.getType(fragment.typeCondition.name.value);
      if (fragment && type) add(costIn(walk, fragment.selectionSet, type as GraphQLCompositeType, scope));
      continue;
    }
    const name = selection.name.value;
    if (name.startsWith('__') || isAbstractType(parent) || !isObjectType(parent)) continue;
    const definition = parent.getFields()[name];
    if (!definition) continue;
    const fieldPath = scope.path ? `${scope.path}.${selection.alias?.value ?? name}` : (selection.alias?.value ?? name);
    const limit = limitOf(walk, parent, selection);
    const ownSize = limit === undefined ? 1 : limit <= 0 ? ALL_ROWS_ESTIMATE : limit;
    if (limit !== undefined && limit <= 0) walk.estimate.allRows = true;
    const size = ownSize * scope.listSize;
    // A list takes the rows of the page above it; a page hands its own rows to the list below it.
    const isList = isListType(getNullableType(definition.type));
    let values = scope.values * (isList ? scope.pending : 1);
    let pending = isList ? 1 : scope.pending;
    if (isList) values *= ownSize;
    else pending *= ownSize;
    const own = scope.root || PLATFORM_BACKED_FIELDS.has(`${parent.name}.${name}`) ? scope.calls : 0;
    const type = getNamedType(definition.type);
    const limitsLists = LIMIT_OF_LISTS_BELOW.has(`${parent.name}.${name}`);
    const page = limit === undefined ? undefined : { path: fieldPath, limit: Math.max(0, limit), values: 0 };
    if (page) walk.estimate.pages.push(page);
    let below: Cost = { calls: 0, values: 0 };
    if (!selection.selectionSet) below = { calls: 0, values };
    else if (isObjectType(type) || isAbstractType(type)) {
      below = costIn(walk, selection.selectionSet, type, {
        calls: limitsLists ? scope.calls : scope.calls * size,
        listSize: limitsLists ? size : 1,
        values,
        pending,
        path: fieldPath,
        root: false,
      });
    }
    if (page) page.values = below.values;
    // The field whose own limit multiplies is the one to narrow.
    if (ownSize > 1 && below.calls > 0) walk.estimate.multipliers.push({ path: fieldPath, limit: ownSize });
    add({ calls: own + below.calls, values: below.values });
  }
  return cost;
}

/**
 * What `operation` can cost: the most platform calls it can make, the values its answer can hold, and
 * the paged fields that multiply them.
 */
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
  const walk: Walk = {
    schema,
    fragments,
    variables,
    estimate: { calls: 0, multipliers: [], values: 0, pages: [], allRows: false },
  };
  if (rootType) {
    const cost = costIn(walk, operation.selectionSet, rootType, {
      calls: 1,
      values: 1,
      pending: 1,
      listSize: 1,
      path: '',
      root: true,
    });
    walk.estimate.calls = cost.calls;
    walk.estimate.values = cost.values;
  }
  return walk.estimate;
}
