// One lint setup for the whole workspace: typed TypeScript rules, React hooks for the web app, and
// @graphql-eslint for the contract's SDL and the web app's documents.
import js from '@eslint/js';
import graphqlPlugin from '@graphql-eslint/eslint-plugin';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { platformLayers } from './eslint-rules/platform-layers.js';
import { webBoundaries } from './eslint-rules/web-boundaries.js';

/** The repository's own rules (eslint-rules/). */
const MERIDIAN_PLUGIN = { rules: { 'web-boundaries': webBoundaries, 'platform-layers': platformLayers } };

/**
 * The one GraphQL project both GraphQL blocks use (@graphql-eslint loads the first configuration it
 * meets and reuses it): the printed contract, and the console's documents in its graphql() calls.
 */
const GRAPHQL_CONFIG = { schema: 'schema/schema.graphql', documents: 'web/src/**/!(*.test).{ts,tsx}' };

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/.data/**',
      '.runtime/**',
      '**/test-output/**',
      'web/src/gql/**',
      'gateway/src/generated/**',
      'tests/internal-tool/generated/**',
      '**/coverage/**',
    ],
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    extends: [js.configs.recommended],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      // Root config files (codegen.ts, vitest.config.ts) belong to no package: lint them with a default project.
      parserOptions: { projectService: { allowDefaultProject: ['*.ts'] }, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Fastify handlers are async by contract even when they await nothing.
      '@typescript-eslint/require-await': 'off',
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['**/*.test.ts', '**/test-support/**', 'tests/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Architecture rules: the platform is a separate service; only tests (which start a real one) import it.
    files: ['gateway/**/*.ts', 'web/**/*.{ts,tsx}', 'schema/**/*.ts'],
    ignores: ['gateway/src/**/*.test.ts', 'gateway/src/test-support/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@meridian/platform', '**/platform/src/**'],
              message: 'Talk to the platform over its REST API, not by import.',
            },
          ],
        },
      ],
    },
  },
  {
    // The web app's folder boundaries: a screen area imports only components/, lib/, the app's
    // infrastructure folders and itself; those folders import no screen (eslint-rules/web-boundaries.js).
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { meridian: MERIDIAN_PLUGIN },
    rules: { 'meridian/web-boundaries': 'error' },
  },
  {
    // The platform's layers, every source file by its top folder: routes/, oidc/, scim/ (HTTP) → domain/
    // (services) → stores/ (all SQL) → db/; a service never imports http/, an HTTP edge never the
    // database, and SQL is written in stores/ alone (eslint-rules/platform-layers.js).
    files: ['platform/src/**/*.{ts,tsx}'],
    ignores: ['platform/src/**/*.test.ts'],
    plugins: { meridian: MERIDIAN_PLUGIN },
    rules: { 'meridian/platform-layers': 'error' },
  },
  {
    // The console's operations, written in graphql() calls, are linted as GraphQL against the contract.
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/**/*.test.{ts,tsx}'],
    processor: graphqlPlugin.processor,
  },
  {
    files: ['web/src/**/*.graphql'],
    languageOptions: {
      parser: graphqlPlugin.parser,
      parserOptions: { graphQLConfig: GRAPHQL_CONFIG },
    },
    plugins: { '@graphql-eslint': graphqlPlugin },
    rules: {
      ...graphqlPlugin.configs['flat/operations-recommended'].rules,
      '@graphql-eslint/naming-convention': [
        'error',
        {
          VariableDefinition: 'camelCase',
          OperationDefinition: {
            style: 'PascalCase',
            forbiddenPrefixes: ['Query', 'Mutation', 'Subscription', 'Get'],
            forbiddenSuffixes: ['Query', 'Mutation', 'Subscription'],
          },
          // Colocated fragments are named Component_prop (codegen's fragment masking convention).
          FragmentDefinition: {
            style: 'PascalCase',
            forbiddenPrefixes: ['Fragment'],
            forbiddenSuffixes: ['Fragment'],
            ignorePattern: '^[A-Z][A-Za-z0-9]*_[a-z][A-Za-z0-9]*$',
          },
        },
      ],
      // Some fragments are read from the cache (readFragment), never spread in an operation.
      '@graphql-eslint/no-unused-fragments': 'off',
    },
  },
  {
    // The printed contract holds every domain file's SDL; linting it sees the whole schema.
    files: ['schema/schema.graphql'],
    languageOptions: {
      parser: graphqlPlugin.parser,
      parserOptions: { graphQLConfig: GRAPHQL_CONFIG },
    },
    plugins: { '@graphql-eslint': graphqlPlugin },
    rules: {
      ...graphqlPlugin.configs['flat/schema-recommended'].rules,
      // Users are keyed by email, and payloads, pages and counts are values, not entities.
      '@graphql-eslint/strict-id-in-types': 'off',
    },
  },
);
