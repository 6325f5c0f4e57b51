// The web app's folder boundaries (issue 17). A screen area (web/src/screens/<area>) imports only the
// shared folders, the app's infrastructure and itself, so an area can change or go without breaking
// another; the shared and infrastructure folders import no screen. Only the router (routes/) reaches
// into every area, to mount its pages. Paths are resolved, so `../x.js` is judged by where it lands.
import path from 'node:path';

const WEB_SRC = path.resolve(import.meta.dirname, '..', 'web', 'src');

/** Shared UI and logic and the app's infrastructure: imported by screens, never importing one. */
export const SHARED_FOLDERS = ['components', 'lib', 'layout', 'apollo', 'auth', 'session', 'theme', 'config'];

/** What a screen area may import besides itself: the shared folders, the router's paths, generated types. */
const SCREEN_MAY_IMPORT = new Set([...SHARED_FOLDERS, 'routes', 'gql']);

export const WHERE_SHARED_CODE_GOES =
  "Shared UI goes in web/src/components/, shared logic in web/src/lib/; a screen area imports only those, the app's infrastructure folders and itself.";

/** The file's place under web/src as its folder names, or null outside the web app's sources. */
function segmentsUnderWebSrc(file) {
  const relative = path.relative(WEB_SRC, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  return relative.split(path.sep);
}

/** What a file may not import: a screen area's outside, a shared folder's screens, or nothing. */
function importerOf(file) {
  const segments = segmentsUnderWebSrc(file);
  if (!segments || segments.length < 2) return null;
  if (segments[0] === 'screens' && segments.length > 2) return { kind: 'screen', area: segments[1] };
  if (SHARED_FOLDERS.includes(segments[0])) return { kind: 'shared', folder: segments[0] };
  return null;
}

function refusal(importer, target) {
  const [top, area] = target;
  if (importer.kind === 'shared') return top === 'screens' ? 'sharedImportsScreen' : null;
  if (top === 'screens') return area === importer.area ? null : 'screenImportsOutside';
  return target.length > 1 && SCREEN_MAY_IMPORT.has(top) ? null : 'screenImportsOutside';
}

/** The module paths a file names: imports, re-exports, dynamic imports and vitest's module mocks. */
function specifierNode(node) {
  if (node.type === 'CallExpression') {
    const { callee } = node;
    const isViModuleCall =
      callee.type === 'MemberExpression' &&
      callee.object.type === 'Identifier' &&
      callee.object.name === 'vi' &&
      callee.property.type === 'Identifier' &&
      ['mock', 'doMock', 'unmock', 'importActual', 'importMock'].includes(callee.property.name);
    return isViModuleCall ? node.arguments[0] : null;
  }
  return node.source;
}

/** @type {import('eslint').Rule.RuleModule} */
export const webBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'A screen area imports only shared and infrastructure folders and itself.' },
    schema: [],
    messages: {
      screenImportsOutside: `screens/{{area}} may not import {{target}}. ${WHERE_SHARED_CODE_GOES}`,
      sharedImportsScreen: `web/src/{{folder}}/ is shared and may not import a screen ({{target}}). ${WHERE_SHARED_CODE_GOES}`,
    },
  },
  create(context) {
    const importer = importerOf(context.filename);
    if (!importer) return {};
    const check = (node) => {
      const source = specifierNode(node);
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      if (!source.value.startsWith('.')) return; // a package, not a folder of the app
      const target = segmentsUnderWebSrc(path.resolve(path.dirname(context.filename), source.value));
      if (!target) return;
      const messageId = refusal(importer, target);
      if (messageId) context.report({ node: source, messageId, data: { ...importer, target: target.join('/') } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
      CallExpression: check,
    };
  },
};
