import type { CodegenConfig } from '@graphql-codegen/cli';
import { addTypenameSelectionDocumentTransform } from '@graphql-codegen/client-preset';

// One contract, printed to schema/schema.graphql: typed resolvers for the gateway, typed documents for
// the web app. Generated files are never edited by hand (and not committed: `pnpm codegen` makes them).

/** Paths of the gateway's mappers and enum value types, relative to the generated file. */
const gatewayModule = (domain: string, type: string) => `../modules/${domain}/platform.js#${type}`;

const config: CodegenConfig = {
  schema: 'schema/schema.graphql',
  // The console's own documents only: persisted-documents.json is the production gateway's allow-list, so
  // a test's operation must not reach it (tests build theirs with testDocument, apollo/test-support.ts).
  documents: ['web/src/**/*.{ts,tsx}', '!web/src/gql/**', '!web/src/**/*.test.{ts,tsx}'],
  generates: {
    'gateway/src/generated/resolvers-types.ts': {
      plugins: ['typescript', 'typescript-resolvers'],
      hooks: {
        // Enum value types imported from elsewhere are re-exported as values (`export { Role };`), which
        // verbatimModuleSyntax refuses for types.
        beforeOneFileWrite: (_path: string, content: string) =>
          content.replace(/^export \{ (\w+) \};$/gm, 'export type { $1 };'),
      },
      config: {
        useTypeImports: true,
        contextType: '../context.js#GatewayContext',
        enumsAsTypes: true,
        scalars: { NPI: 'string', ZipCode: 'string', Email: 'string', DateTime: 'string' },
        // Enums resolve to the platform's own values (the resolvers' internal-value maps, each built by
        // modules/common/enum-values.ts from the list of values named here), so REST values pass through
        // unchanged and arguments arrive in REST form.
        enumValues: {
          Role: '@meridian/schema#Role',
          OrganizationStatus: '@meridian/schema#OrganizationStatus',
          LifecycleAction: '@meridian/schema#LifecycleAction',
          TableauLicense: '@meridian/schema#TableauLicense',
          CatalogKind: '@meridian/schema#CatalogKind',
          ProviderLinkKind: '@meridian/schema#ProviderLinkKind',
          ReleaseStage: '@meridian/schema#ReleaseStage',
          BulkUserOutcome: '@meridian/schema#BulkOutcome',
          JobStatus: gatewayModule('lifecycle', 'RestJobStatus'),
          OrganizationSortField: '@meridian/schema#OrganizationSortKey',
          UserSortField: '@meridian/schema#UserSortKey',
          UserProvenance: '@meridian/schema#UserProvenance',
          ProviderLinkRowStatus: gatewayModule('provider', 'RestProviderLinkRowStatus'),
          ProviderLinkSortField: '@meridian/schema#ProviderLinkSortKey',
          UserStatus: gatewayModule('invitation', 'RestUserStatus'),
          SecondFactorKind: gatewayModule('security', 'RestSecondFactorKind'),
          SsoProtocol: gatewayModule('sso', 'RestSsoProtocol'),
          SsoTestOutcome: gatewayModule('sso', 'RestSsoTestOutcome'),
          SsoTestSecondFactor: gatewayModule('sso', 'RestSsoTestSecondFactor'),
          WebhookStatus: gatewayModule('webhook', 'RestWebhookStatus'),
          WebhookPauseReason: gatewayModule('webhook', 'RestWebhookPauseReason'),
          WebhookDeliveryStatus: gatewayModule('webhook', 'RestWebhookDeliveryStatus'),
        },
        // Parent types are the platform's REST shapes; field resolvers turn them into the contract's.
        mappers: {
          Organization: gatewayModule('organization', 'RestOrganization'),
          OrganizationSso: gatewayModule('sso', 'RestSsoConnection'),
          SsoTestSignIn: gatewayModule('sso', 'RestSsoTestSignIn'),
          Licenses: gatewayModule('organization', 'RestLicenses'),
          TableauUserLicenses: gatewayModule('organization', 'RestTableauUserLicenses'),
          LifecycleJob: gatewayModule('lifecycle', 'RestJob'),
          User: gatewayModule('user', 'RestUser'),
          Credential: gatewayModule('credential', 'RestCredential'),
          CreatedCredentialPayload: gatewayModule('credential', 'CreatedCredentialSource'),
          CredentialPayload: gatewayModule('credential', 'CredentialPayloadSource'),
          CatalogProduct: gatewayModule('catalog', 'RestCatalogProduct'),
          ProviderLink: gatewayModule('provider', 'RestProviderLink'),
          AnalyticsSummary: gatewayModule('analytics', 'RestAnalyticsSummary'),
          Viewer: gatewayModule('session', 'ViewerSource'),
          SearchResults: gatewayModule('search', 'SearchQuery'),
          SecondFactors: gatewayModule('security', 'RestSecondFactors'),
          SignInSession: gatewayModule('security', 'RestSignInSession'),
          Webhook: gatewayModule('webhook', 'RestWebhook'),
        },
      },
    },
    'web/src/gql/': {
      preset: 'client',
      // Apollo's cache needs __typename in every selection; it adds them to what it sends as text, but
      // the gateway runs the trusted documents as written: they carry them themselves.
      documentTransforms: [addTypenameSelectionDocumentTransform],
      config: {
        scalars: { DateTime: 'string', Email: 'string', NPI: 'string', ZipCode: 'string' },
        useTypeImports: true,
        enumsAsTypes: true,
      },
      presetConfig: {
        fragmentMasking: { unmaskFunctionName: 'getFragmentData' },
        // Trusted documents: persisted-documents.json (SHA-256 → document) is the gateway's list of the
        // console's operations, and each document carries its hash, which is all the console sends.
        persistedDocuments: { mode: 'embedHashInDocument', hashAlgorithm: 'sha256' },
      },
    },
  },
};

export default config;
