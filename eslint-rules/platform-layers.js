// The platform's layers (issue 17): routes/ (HTTP only: parse, authorize, call a service, answer) →
// domain/ (a service per domain: rules, transactions, audit) → stores/ (a store per domain: all SQL).
// A route's SQL is found in seconds: routes/users.ts calls domain/users.ts, whose SQL is stores/users.ts.
// Paths are resolved, so `../x.js` is judged by where it lands. Tests are not judged (they read the
// database to check what a request wrote).
import path from 'node:path';

const PLATFORM_SRC = path.resolve(import.meta.dirname, '..', 'platform', 'src');

export const WHERE_SQL_GOES =
  'SQL goes in platform/src/stores/<domain>.ts, called by the service platform/src/domain/<domain>.ts, which the route calls.';

/** The files of routes/ every route may import: the routes' shared wiring, not a route. */
const ROUTE_WIRING = new Set(['deps.ts']);

/** What a store may import at run time besides db/ and other stores: the domain's refusals. */
const STORE_MAY_IMPORT_FROM_DOMAIN = new Set(['errors.ts']);

/** Packages a store may import: the shared schema (types and constants), nothing of HTTP or the domain. */
const STORE_PACKAGES = new Set(['@meridian/schema']);

/** A string that starts like an SQL statement (upper-case keywords, as every statement here is written). */
const SQL_TEXT = /^\s*(SELECT|INSERT\s+INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM|WITH\s+\w+\s+AS)\b/;

/** Database calls: Queryable.query, Database.transaction and Database.exec. */
const DATABASE_METHODS = new Set(['query', 'transaction', 'exec']);

/** The file's place under platform/src as its path segments, or null outside the platform's sources. */
function segmentsUnderPlatformSrc(file) {
  const relative = path.relative(PLATFORM_SRC, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  return relative.split(path.sep);
}

/** routes, domain or stores for a file of those folders (not a test); else null. */
function layerOf(file) {
  const segments = segmentsUnderPlatformSrc(file);
  if (!segments || segments.length !== 2) return null;
  if (/\.test\.tsx?$/.test(segments[1])) return null;
  return ['routes', 'domain', 'stores'].includes(segments[0]) ? segments[0] : null;
}

/** A module name as the file names it, resolved to .ts (sources import './x.js'). */
function targetOf(importer, specifier) {
  const resolved = path.resolve(path.dirname(importer), specifier).replace(/\.js$/, '.ts');
  return segmentsUnderPlatformSrc(resolved);
}

/** Why `layer` may not import `target` (platform/src segments), or null when it may. */
function importRefusal(layer, target, { typeOnly, importer }) {
  const [top, file] = target;
  if (layer === 'routes') {
    if (top === 'stores' || (top === 'db' && !typeOnly)) return 'routeImportsSql';
    if (top === 'routes' && target.length === 2 && !ROUTE_WIRING.has(file) && path.basename(importer) !== 'index.ts')
      return 'routeImportsRoute';
    return null;
  }
  if (layer === 'domain') return top === 'http' || top === 'routes' ? 'serviceImportsHttp' : null;
  // stores
  if (top === 'db' || top === 'stores') return null;
  if (top === 'domain' && (typeOnly || STORE_MAY_IMPORT_FROM_DOMAIN.has(file))) return null;
  if (top === 'contract' && typeOnly) return null;
  return 'storeImportsOutside';
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

/** @type {import('eslint').Rule.RuleModule} */
export const platformLayers = {
  meta: {
    type: 'problem',
    docs: { description: 'routes/ → domain/ (services) → stores/ (SQL), each importing only the layer below.' },
    schema: [],
    messages: {
      routeImportsSql: `routes/ is HTTP only and may not reach the database ({{target}}). ${WHERE_SQL_GOES}`,
      routeImportsRoute:
        'A route may not import another route ({{target}}); what two routes share belongs in their service, platform/src/domain/.',
      routeRunsSql: `routes/ is HTTP only and may not run SQL or open a transaction (.{{method}}). ${WHERE_SQL_GOES}`,
      serviceImportsHttp:
        'A service (platform/src/domain/) may not import {{target}}: throw the refusals of domain/errors.ts (http/errors.ts maps them to status codes) and take the caller as domain/caller.ts gives it.',
      serviceRunsSql: `A service (platform/src/domain/) may not run SQL itself (.query). ${WHERE_SQL_GOES}`,
      sqlOutsideStore: `SQL text belongs in a store. ${WHERE_SQL_GOES}`,
      storeImportsOutside:
        'A store (platform/src/stores/) imports only db/, other stores, @meridian/schema and domain/errors.ts (types also from domain/ and contract/); {{target}} is none of those.',
    },
  },
  create(context) {
    const layer = layerOf(context.filename);
    if (!layer) return {};
    const checkImport = (node) => {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const typeOnly = isTypeOnly(node);
      if (!source.value.startsWith('.')) {
        if (layer === 'stores' && !typeOnly && !STORE_PACKAGES.has(source.value))
          context.report({ node: source, messageId: 'storeImportsOutside', data: { target: source.value } });
        return;
      }
      const target = targetOf(context.filename, source.value);
      if (!target) return;
      const messageId = importRefusal(layer, target, { typeOnly, importer: context.filename });
      if (messageId) context.report({ node: source, messageId, data: { target: target.join('/') } });
    };
    const checkSqlText = (node, text) => {
      if (layer !== 'stores' && SQL_TEXT.test(text)) context.report({ node, messageId: 'sqlOutsideStore' });
    };
    return {
      ImportDeclaration: checkImport,
      ExportNamedDeclaration: checkImport,
      ExportAllDeclaration: checkImport,
      ImportExpression: checkImport,
      CallExpression(node) {
        const { callee } = node;
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') return;
        const method = callee.property.name;
        if (layer === 'routes' && DATABASE_METHODS.has(method))
          context.report({ node: callee.property, messageId: 'routeRunsSql', data: { method } });
        if (layer === 'domain' && method === 'query')
          context.report({ node: callee.property, messageId: 'serviceRunsSql' });
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
