// Merges the domain SDL of src/graphql/, adds each field's @requires / @feature / @public from the
// operation table (schema/src/operations.ts, the one source of permissions), and prints the contract
// to schema/schema.graphql, which the gateway serves and codegen reads. `pnpm codegen` runs it.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { printContract } from '../src/contract.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const sdlDir = path.join(here, '../src/graphql');
const sources = readdirSync(sdlDir)
  .filter((file) => file.endsWith('.graphql'))
  .sort()
  .map((file) => readFileSync(path.join(sdlDir, file), 'utf8'));
const out = path.join(here, '../schema.graphql');
writeFileSync(out, printContract(sources));
console.info(`Printed ${path.relative(process.cwd(), out)}`);
