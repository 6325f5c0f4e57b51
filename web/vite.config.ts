/// <reference types="vitest/config" />
import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';

/**
 * react-router's package exports always point at its development build (extra checks and warnings);
 * the production build next to it is the same API without them. Resolved through react-router-dom,
 * whose dependency it is.
 */
function reactRouterProductionBuild(): string {
  const require = createRequire(import.meta.url);
  const fromDom = createRequire(require.resolve('react-router-dom'));
  const developmentEntry = fromDom.resolve('react-router');
  return path.join(
    developmentEntry.slice(0, developmentEntry.lastIndexOf(`${path.sep}dist${path.sep}`)),
    'dist',
    'production',
    'index.mjs',
  );
}

const generatedDir = path.resolve(import.meta.dirname, 'src', 'gql');
const documentModulePrefix = 'virtual:meridian-document:';

/** The client preset's generated documents: source text → name (gql.ts), name → document AST as JSON (graphql.ts). */
function generatedDocuments(): { names: Map<string, string>; asts: Map<string, string> } {
  const names = new Map<string, string>();
  const map = readFileSync(path.join(generatedDir, 'gql.ts'), 'utf8').split('const documents')[1] ?? '';
  for (const match of map.matchAll(/^\s*("(?:[^"\\]|\\.)*"): types\.(\w+),?$/gm)) {
    names.set(JSON.parse(match[1]!) as string, match[2]!);
  }
  const asts = new Map<string, string>();
  const types = readFileSync(path.join(generatedDir, 'graphql.ts'), 'utf8');
  for (const match of types.matchAll(/^export const (\w+) = (\{.*\}) as unknown as DocumentNode<.*>;$/gm)) {
    asts.set(match[1]!, match[2]!);
  }
  return { names, asts };
}

/**
 * What the client preset's babel plugin does, for Vite: each `graphql(`…`)` call becomes an import of
 * that one document, as a module of its own. The preset's `graphql()` looks documents up in a map of
 * all of them, and a bundler places a module (gql/graphql.ts, every document) in one chunk: either way
 * home would carry every screen's documents. The call is replaced by a name padded with its newlines,
 * so line numbers (and source maps) hold. Documents hold their fragments' definitions (client preset).
 */
function generatedDocumentModules(): Plugin {
  let documents = generatedDocuments();
  return {
    name: 'meridian:generated-document-modules',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      documents = generatedDocuments();
    },
    resolveId(id) {
      return id.startsWith(documentModulePrefix) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${documentModulePrefix}`)) return null;
      return `export default ${documents.asts.get(id.slice(documentModulePrefix.length + 1))!};\n`;
    },
    transform(code, id) {
      if (!/\.tsx?$/.test(id) || id.startsWith(generatedDir) || !code.includes('graphql(`')) return null;
      const imports = new Set<string>();
      // The document's text: a template literal without substitutions (GraphQL variables are `$name`).
      const replaced = code.replace(/\bgraphql\(`((?:[^`$\\]|\$(?!\{))*)`\)/g, (call, source: string) => {
        const name = documents.names.get(source);
        if (!name || !documents.asts.has(name)) return call;
        imports.add(`import __document_${name} from '${documentModulePrefix}${name}';`);
        return `__document_${name}${'\n'.repeat(call.split('\n').length - 1)}`;
      });
      return imports.size === 0 ? null : { code: `${replaced}\n${[...imports].join('\n')}\n`, map: null };
    },
  };
}

// The console. `config.json` is fetched at run time (deploy/web-config.json.template writes it in a
// container; public/config.json holds the local defaults), so one build serves every environment.
export default defineConfig(({ command }) => ({
  plugins: [generatedDocumentModules(), react()],
  resolve: {
    // Workspace packages (schema/) resolve to their TypeScript sources. Vite's own conditions are kept:
    // without 'production', @apollo/client ships its development checks and messages.
    conditions: ['source', ...defaultClientConditions],
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProductionBuild() }] : [],
  },
  server: { port: Number(process.env.WEB_PORT ?? 5173), strictPort: true },
  preview: { port: Number(process.env.WEB_PORT ?? 5173), strictPort: true },
  // @meridian/schema declares "sideEffects": false: its GraphQL scalars, built at module level, stay out
  // of the entry chunk when a screen imports only roles or messages from it.
  build: { sourcemap: true },
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
  },
}));
