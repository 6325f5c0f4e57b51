import { buildRestApi } from '../app.js';
import { loadConfig } from '../config.js';
import type { Database } from '../db/database.js';

/** Where the printed document is committed, as schema/schema.graphql is for GraphQL. */
export const OPENAPI_FILE = new URL('../../openapi.json', import.meta.url);

const refuse = (): never => {
  throw new Error('The OpenAPI printer serves no requests.');
};

/** The database of an app that is only asked for its document: it is never queried. */
const noDatabase: Database = {
  kind: 'pglite',
  query: refuse,
  transaction: refuse,
  exec: refuse,
  exclusive: refuse,
  close: async () => {},
};

/** The OpenAPI document as /openapi.json serves it under the default configuration, printed stably. */
export async function printOpenApi(): Promise<string> {
  const app = await buildRestApi({
    config: loadConfig({}),
    db: noDatabase,
    verifier: { issuer: 'http://unused', audience: 'unused', keys: refuse },
    logger: false,
  });
  await app.ready();
  const document = app.swagger();
  await app.close();
  return `${JSON.stringify(document, null, 2)}\n`;
}
