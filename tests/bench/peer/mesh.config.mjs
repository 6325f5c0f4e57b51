// GraphQL Mesh's composition of the platform's own OpenAPI document, unpatched: the bench's peer gateway.
// PLATFORM_URL names the running platform; its /openapi.json is read at composition time.
import { defineConfig } from '@graphql-mesh/compose-cli';
import { loadOpenAPISubgraph } from '@omnigraph/openapi';

const platformUrl = process.env.PLATFORM_URL;
if (!platformUrl) throw new Error('PLATFORM_URL must name the running platform (http://127.0.0.1:<port>)');

export const composeConfig = defineConfig({
  subgraphs: [
    {
      sourceHandler: loadOpenAPISubgraph('platform', {
        source: `${platformUrl}/openapi.json`,
        endpoint: platformUrl,
        // The caller's token goes to the platform, which checks it: the peer holds no credentials.
        operationHeaders: { Authorization: '{context.headers.authorization}' },
      }),
    },
  ],
});
