/// <reference types="vitest/config" />
import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';
// Relative, so the config bundler compiles it: the schema package's built output may not exist yet.
import { faviconDataUri } from '../schema/src/brand.js';
import { securityHeaders, type ConnectTargets } from './security-headers.js';

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

/** The favicon the sign-in pages show too (schema/src/brand.ts), inlined so it needs no request. */
function faviconLink(): Plugin {
  return {
    name: 'meridian:favicon',
    transformIndexHtml: () => [
      { tag: 'link', attrs: { rel: 'icon', type: 'image/svg+xml', href: faviconDataUri() }, injectTo: 'head' },
    ],
  };
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

/**
 * Blueprint's icon loader imports the list of every icon name (IconNames, ~8 kB gzip, and change-case to
 * build it) only to check names given as strings, and Blueprint's Icon component, hence every Button,
 * imports the loader: the list would sit in the entry chunk although the console passes icons as
 * components (stack.md), never by name. Here the loader fetches the list when a name must be checked
 * (Icons.load, Icons.loadAll); until then Icons.getPaths accepts any string (it only reads the paths
 * already loaded, so an unknown name finds none, as before). The build fails if the loader changed.
 */
function blueprintIconNamesOnDemand(): Plugin {
  const loader = /[\\/]@blueprintjs[\\/]icons[\\/]lib[\\/]esm[\\/]iconLoader\.js$/;
  const edits: [from: string, to: string][] = [
    [
      'import { IconNames, IconNamesSet } from "./iconNames";',
      'let iconNamesSet;\nconst loadIconNames = () => import("./iconNames").then((module) => { iconNamesSet = module.IconNamesSet; return module; });',
    ],
    [
      'const allIcons = Object.values(IconNames);',
      'const { IconNames } = await loadIconNames();\n        const allIcons = Object.values(IconNames);',
    ],
    [
      'static async loadImpl(icon, size, options = {}) {',
      'static async loadImpl(icon, size, options = {}) {\n        await loadIconNames();',
    ],
    [
      'return IconNamesSet.has(iconName);',
      'return iconNamesSet ? iconNamesSet.has(iconName) : typeof iconName === "string" && iconName !== "";',
    ],
  ];
  return {
    name: 'meridian:blueprint-icon-names-on-demand',
    apply: 'build',
    transform(code, id) {
      if (!loader.test(id)) return null;
      let edited = code;
      for (const [from, to] of edits) {
        if (!edited.includes(from)) throw new Error(`${id} changed: "${from}" not found (see vite.config.ts).`);
        edited = edited.replace(from, to);
      }
      return { code: edited, map: null };
    },
  };
}

/**
 * apollo3-cache-persist declares no "sideEffects": its index re-exports every storage wrapper (React
 * Native's, Ionic's, localForage's…) and persistCache, whose class definitions a bundler must keep
 * unless told the modules have no side effects. They have none: whatever the console does not import
 * is dropped (~1 kB gzip of home's JS).
 */
function sideEffectFreeCachePersist(): Plugin {
  const modules = /[\\/]apollo3-cache-persist[\\/]lib[\\/].*\.js$/;
  return {
    name: 'meridian:side-effect-free-cache-persist',
    apply: 'build',
    transform(_code, id) {
      return modules.test(id) ? { moduleSideEffects: false } : null;
    },
  };
}

/**
 * `npm start` serves the build with `vite preview`: with the console's security headers (one source,
 * security-headers.ts), connect-src naming the gateway and issuer of the config.json being served. The
 * dev server has none: its hot reload runs inline scripts.
 */
function securityHeadersInPreview(): Plugin {
  return {
    name: 'meridian:security-headers',
    configurePreviewServer(server) {
      const configFile = path.resolve(server.config.root, server.config.build.outDir, 'config.json');
      server.middlewares.use((request, response, next) => {
        const config = JSON.parse(readFileSync(configFile, 'utf8')) as { gatewayUrl: string; oidc: { issuer: string } };
        const targets: ConnectTargets = { gatewayUrl: config.gatewayUrl, issuer: config.oidc.issuer };
        // Preview over TLS (vite's preview.https) is https; plain http gets no HSTS.
        const https = (request.socket as { encrypted?: boolean }).encrypted === true;
        for (const [name, value] of Object.entries(securityHeaders(targets, { https })))
          response.setHeader(name, value);
        next();
      });
    },
  };
}

// The console. `config.json` is fetched at run time (deploy/web-config.json.template writes it in a
// container; public/config.json holds the local defaults), so one build serves every environment.
export default defineConfig(({ command }) => ({
  plugins: [
    faviconLink(),
    generatedDocumentModules(),
    blueprintIconNamesOnDemand(),
    sideEffectFreeCachePersist(),
    securityHeadersInPreview(),
    react(),
  ],
  resolve: {
    // Workspace packages (schema/) resolve to their TypeScript sources. Vite's own conditions are kept:
    // without 'production', @apollo/client ships its development checks and messages. 'es2015': rxjs
    // (Apollo's) otherwise resolves to its ES5 build, larger and with tslib's helpers (~3 kB gzip of home).
    conditions: ['source', 'es2015', ...defaultClientConditions],
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProductionBuild() }] : [],
  },
  server: { port: Number(process.env.WEB_PORT ?? 5173), strictPort: true },
  preview: { port: Number(process.env.WEB_PORT ?? 5173), strictPort: true },
  // @meridian/schema declares "sideEffects": false: its GraphQL scalars, built at module level, stay out
  // of the entry chunk when a screen imports only roles or messages from it.
  build: {
    sourcemap: true,
    // The only chunks over Vite's 500 kB are the sandbox's editor (Monaco and GraphiQL, loaded on
    // /sandbox alone); the console's own sizes are measured by `pnpm bench web`.
    chunkSizeWarningLimit: 3000,
    rolldownOptions: {
      onwarn(warning, warn) {
        // Packages' "use client" / "use no memo" directives mean nothing in a client-only bundle, and
        // nobody building the console can act on them.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && warning.id?.includes('/node_modules/')) return;
        warn(warning);
      },
    },
  },
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
  },
}));
