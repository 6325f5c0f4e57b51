// The platform's layers (issues 17 and 40), for every source file of platform/src but its tests. A file
// takes the layer of its top folder (domain/sso/oidc.ts is domain/), a file directly in src/ the layer
// its name gives it (LAYER_OF_FILE). What each layer may import at run time is MAY_IMPORT:
//
//   entry    cli/, app.ts, server.ts, index.ts, run.ts, main.ts   wires everything together; runs no SQL
//   edge     routes/, oidc/, scim/   serve HTTP: parse, authorize, call a service, answer; no database
//   http     http/                   request plumbing the edges share (authentication, access, errors)
//   tool     seed/, backup/          what the tools run (demo data, backups) over services and stores
//   service  domain/                 the rules and transactions, calling stores
//   store    stores/                 all SQL text, rows in, rows out
//   db       db/                     the database itself: connections, transactions, the migrations runner
//   base     contract/, observability/, config.ts   JSON Schemas, logs and traces, configuration
//
// SQL text and SQL calls (.query, .exec) live in stores/ and db/ only, so a route's SQL is found in
// seconds: routes/users.ts → domain/users.ts → stores/users.ts. Type-only imports are erased before run
// time and free, but for a store's and for a service's of http/ and the edges. Paths are resolved, so `../x.js` is judged by where it lands.
import { existsSync } from 'node:fs';
import path from 'node:path';

const PLATFORM_SRC = path.resolve(import.meta.dirname, '..', 'platform', 'src');

export const WHERE_SQL_GOES =
  'SQL goes in platform/src/stores/<domain>.ts, called by the service platform/src/domain/<domain>.ts, which the route calls.';

/**
 * The layer of each top folder. null: not judged, as tests are not (they read the database to check what
 * a request wrote): test-support/ starts platforms for tests, contract/cases/ (below) is read by
 * contract/contract.test.ts alone.
 */
const LAYER_OF_FOLDER = {
  cli: 'entry',
  routes: 'edge',
  oidc: 'edge',
  scim: 'edge',
  http: 'http',
  domain: 'service',
  seed: 'tool',
  backup: 'tool',
  stores: 'store',
  db: 'db',
  contract: 'base',
  observability: 'base',
  'test-support': null,
};

/** Files directly in platform/src. */
const LAYER_OF_FILE = {
  'app.ts': 'entry',
  'server.ts': 'entry',
  'index.ts': 'entry',
  'run.ts': 'entry',
  'main.ts': 'entry',
  'config.ts': 'base',
};

/** Folders below a top folder that are test material: the cases contract/contract.test.ts runs. */
const TEST_FOLDERS = [['contract', 'cases']];

/** The layers each layer may import at run time (its own always, but an edge's: see importRefusal). */
const MAY_IMPORT = {
  entry: ['edge', 'http', 'tool', 'service', 'store', 'db', 'base'],
  edge: ['http', 'service', 'base'],
  http: ['service', 'base'],
  tool: ['service', 'store', 'db', 'base'],
  service: ['store', 'base'],
  store: ['db'],
  db: ['base'],
  base: [],
};

/**
 * Run-time imports MAY_IMPORT refuses that are the design, each with why: the importer's platform/src
 * path (a folder when it ends in /) and the file it may import.
 */
const ALLOWED_ACROSS = [
  // The routes' index mounts every HTTP plugin of the API, SCIM's among them.
  { importer: 'routes/index.ts', target: 'scim/routes.ts' },
  // Advisory lock names: constants a service passes to Database.exclusive, not a connection.
  { importer: 'domain/', target: 'db/locks.ts' },
  // A store throws the domain's refusals (NotFound, Conflict) when a row is missing or a key taken.
  { importer: 'stores/', target: 'domain/errors.ts' },
];

/** The files of routes/ every edge may import: the routes' shared wiring, not a route. */
const ROUTE_WIRING = new Set(['deps.ts']);

/** Packages a store may import at run time: the shared schema (types and constants), nothing of HTTP or the domain. */
const STORE_PACKAGES = new Set(['@meridian/schema']);

/** A string that starts like an SQL statement (upper-case keywords, as every statement here is written). */
const SQL_TEXT =
  /^\s*(SELECT|INSERT\s+INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM|WITH\s+\w+\s+AS|LOCK\s+TABLE|TRUNCATE|ANALYZE|(CREATE|DROP|ALTER)\s+(TABLE|SCHEMA|INDEX))\b/;

/** Calls that run SQL (Queryable.query, Database.exec): stores/ and db/ only. */
const SQL_METHODS = new Set(['query', 'exec']);

/** The file's place under platform/src as its path segments, or null outside the platform's sources. */
function segmentsUnderPlatformSrc(file) {
  const relative = path.relative(PLATFORM_SRC, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  return relative.split(path.sep);
}

/** The layer of a platform/src path (segments), or null for tests and what is not judged. */
function layerOfSegments(segments) {
  if (!segments || /\.test\.tsx?$/.test(segments.at(-1))) return null;
  if (segments.length === 1) return LAYER_OF_FILE[segments[0]] ?? null;
  if (TEST_FOLDERS.some((folder) => folder.every((name, index) => segments[index] === name))) return null;
  return LAYER_OF_FOLDER[segments[0]] ?? null;
}

/** A module name as the file names it, resolved to .ts, or .tsx where that is the file (sources import './x.js'). */
function targetOf(importer, specifier) {
  const resolved = path.resolve(path.dirname(importer), specifier).replace(/\.js$/, '.ts');
  return segmentsUnderPlatformSrc(existsSync(`${resolved}x`) ? `${resolved}x` : resolved);
}

const matches = (pattern, file) => (pattern.endsWith('/') ? file.startsWith(pattern) : file === pattern);

/** Why a file of `layer` at `importer` (platform/src segments) may not import `target`, or null when it may. */
function importRefusal(layer, importer, target, typeOnly) {
  const from = importer.join('/');
  const to = target.join('/');
  const [top] = target;
  const targetLayer = layerOfSegments(target);
  if (top === 'test-support') return 'importsTestSupport';
  if (ALLOWED_ACROSS.some((rule) => matches(rule.importer, from) && matches(rule.target, to))) return null;
  if (layer === 'store') {
    if (top === 'db' || top === 'stores') return null;
    if (typeOnly && (top === 'domain' || top === 'contract')) return null;
    return 'storeImportsOutside';
  }
  // A service takes its caller as domain/caller.ts gives it, never HTTP's types.
  if (layer === 'service' && (targetLayer === 'http' || targetLayer === 'edge')) return 'serviceImportsHttp';
  if (typeOnly || targetLayer === null) return null;
  if (layer === 'edge') {
    if (top === 'stores' || top === 'db') return 'edgeReachesDatabase';
    if (targetLayer === 'edge') return edgeToEdge(importer, target);
  }
  if (targetLayer === layer || MAY_IMPORT[layer].includes(targetLayer)) return null;
  return layer === 'service' && (targetLayer === 'http' || targetLayer === 'edge')
    ? 'serviceImportsHttp'
    : 'importsUpward';
}

/**
 * An edge's folder is one feature (oidc/, scim/) whose files share freely; routes/ is a file per domain,
 * and a route imports no other route but the shared wiring (deps.ts), which routes/index.ts mounts.
 */
function edgeToEdge(importer, target) {
  const [top, file] = target;
  if (top === 'routes' && target.length === 2 && ROUTE_WIRING.has(file)) return null;
  if (top !== importer[0]) return 'edgeImportsEdge';
  if (top !== 'routes' || importer.join('/') === 'routes/index.ts') return null;
  return 'routeImportsRoute';
}

/** Whether an import or export names only types (erased before run time). */
function isTypeOnly(node) {
  if (node.importKind === 'type' || node.exportKind === 'type') return true;
  const specifiers = node.specifiers ?? [];
  return (
    specifiers.length > 0 &&
    specifiers.every((specifier) => specifier.importKind === 'type' || specifier.exportKind === 'type')
  );
}

/** Whether `node` is a regular expression: a literal, or a name bound to one (ROUTE.exec(url) is no SQL). */
function isRegExp(node, scope) {
  if (node.type === 'Literal' && node.regex) return true;
  if (node.type === 'NewExpression' && node.callee.type === 'Identifier' && node.callee.name === 'RegExp') return true;
  if (node.type !== 'Identifier') return false;
  for (let current = scope; current; current = current.upper) {
    const variable = current.set.get(node.name);
    if (!variable) continue;
    const init = variable.defs[0]?.node?.init;
    return Boolean(init) && init !== node && isRegExp(init, current);
  }
  return false;
}

const LAYER_NAMES = {
  entry: 'an entry point (cli/, app.ts, server.ts)',
  edge: 'an HTTP edge (routes/, oidc/, scim/)',
  http: 'http/',
  tool: 'a tool (seed/, backup/)',
  service: 'a service (domain/)',
  store: 'a store (stores/)',
  db: 'db/',
  base: 'a base module (contract/, observability/, config.ts)',
};

/** @type {import('eslint').Rule.RuleModule} */
export const platformLayers = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'routes/, oidc/, scim/ (HTTP) → http/ → domain/ (services) → stores/ (SQL) → db/, every folder importing only the layers below it.',
    },
    schema: [],
    messages: {
      edgeReachesDatabase: `{{layer}} is HTTP only and may not reach the database ({{target}}). ${WHERE_SQL_GOES}`,
      routeImportsRoute:
        'A route may not import another route ({{target}}); what two routes share belongs in their service, platform/src/domain/.',
      edgeImportsEdge:
        '{{layer}} may not import another HTTP edge ({{target}}); what two share belongs in a service (platform/src/domain/) or in http/.',
      runsSqlCall: `{{layer}} may not run SQL (.{{method}}): only stores/ and db/ do. ${WHERE_SQL_GOES}`,
      edgeOpensTransaction: `{{layer}} is HTTP only and may not open a transaction: its service does. ${WHERE_SQL_GOES}`,
      serviceImportsHttp:
        'A service (platform/src/domain/) may not import {{target}}: throw the refusals of domain/errors.ts (http/errors.ts maps them to status codes) and take the caller as domain/caller.ts gives it.',
      importsUpward:
        '{{layer}} may not import {{target}} at run time (MAY_IMPORT in eslint-rules/platform-layers.js says what each layer may): move what both need to a layer both may import, or go through the layer between.',
      importsTestSupport: '{{layer}} may not import test material ({{target}}): it is for tests only.',
      sqlOutsideStore: `SQL text belongs in a store. ${WHERE_SQL_GOES}`,
      storeImportsOutside:
        'A store (platform/src/stores/) imports only db/, other stores, @meridian/schema and domain/errors.ts (types also from domain/ and contract/); {{target}} is none of those.',
    },
  },
  create(context) {
    const importer = segmentsUnderPlatformSrc(context.filename);
    const layer = layerOfSegments(importer);
    if (!layer) return {};
    const data = (extra) => ({ layer: LAYER_NAMES[layer], ...extra });
    const checkImport = (node) => {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const typeOnly = isTypeOnly(node);
      if (!source.value.startsWith('.')) {
        if (layer === 'store' && !typeOnly && !STORE_PACKAGES.has(source.value))
          context.report({ node: source, messageId: 'storeImportsOutside', data: data({ target: source.value }) });
        return;
      }
      const target = targetOf(context.filename, source.value);
      if (!target) return;
      const messageId = importRefusal(layer, importer, target, typeOnly);
      if (messageId) context.report({ node: source, messageId, data: data({ target: target.join('/') }) });
    };
    const mayHoldSql = layer === 'store' || layer === 'db';
    const checkSqlText = (node, text) => {
      if (!mayHoldSql && SQL_TEXT.test(text)) context.report({ node, messageId: 'sqlOutsideStore' });
    };
    return {
      ImportDeclaration: checkImport,
      ExportNamedDeclaration: checkImport,
      ExportAllDeclaration: checkImport,
      ImportExpression: checkImport,
      CallExpression(node) {
        const { callee } = node;
        if (mayHoldSql || callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') return;
        const method = callee.property.name;
        if (SQL_METHODS.has(method) && !isRegExp(callee.object, context.sourceCode.getScope(node)))
          context.report({ node: callee.property, messageId: 'runsSqlCall', data: data({ method }) });
        if (method === 'transaction' && (layer === 'edge' || layer === 'http'))
          context.report({ node: callee.property, messageId: 'edgeOpensTransaction', data: data() });
      },
      Literal(node) {
        if (typeof node.value === 'string') checkSqlText(node, node.value);
      },
      TemplateLiteral(node) {
        checkSqlText(node, node.quasis[0]?.value.cooked ?? '');
      },
    };
  },
};
