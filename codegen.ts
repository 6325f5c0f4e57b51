import type { CodegenConfig } from '@graphql-codegen/cli';

// One contract, printed to schema/schema.graphql: typed resolvers for the gateway, typed documents for
// the web app. Generated files are never edited by hand (and not committed: `pnpm codegen` makes them).
const config: CodegenConfig = {
  schema: 'schema/schema.graphql',
  documents: ['web/src/**/*.{ts,tsx}', '!web/src/gql/**'],
  // No documents exist until the web console's screens land.
  ignoreNoDocuments: true,
  generates: {
    'gateway/src/generated/resolvers-types.ts': {
      plugins: ['typescript', 'typescript-resolvers'],
      config: {
        useTypeImports: true,
        contextType: '../context.js#GatewayContext',
        enumsAsTypes: true,
        scalars: { NPI: 'string', ZipCode: 'string', Email: 'string', DateTime: 'string' },
        mappers: {},
      },
    },
    'web/src/gql/': {
      preset: 'client',
      config: { useTypeImports: true, enumsAsTypes: true },
      presetConfig: { fragmentMasking: { unmaskFunctionName: 'getFragmentData' } },
    },
  },
};

export default config;
