// Prints the REST contract to platform/openapi.json, which the gateway's REST types are generated
// from (openapi-typescript) and internal tools build on. `pnpm codegen` runs it.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { OPENAPI_FILE, printOpenApi } from './openapi.js';

writeFileSync(OPENAPI_FILE, await printOpenApi());
console.info(`Printed ${fileURLToPath(OPENAPI_FILE)}`);
