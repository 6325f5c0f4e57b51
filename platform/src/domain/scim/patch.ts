import {
  NoPathInScimPatchOp,
  NoTarget,
  PATCH_OPERATION_SCHEMA,
  ScimError as PatchLibraryError,
  patchBodyValidation,
  scimPatch,
  type ScimPatch,
  type ScimPatchOperation,
  type ScimResource,
} from 'scim-patch';
import { DEFAULT_ROLE } from '@meridian/schema';
import { ScimError, invalidSyntax, mutability } from './errors.js';
import { CORE_ATTRIBUTES, ENTERPRISE_SCHEMA, USER_SCHEMA, isObject, type ScimUser } from './user-resource.js';

// RFC 7644 §3.5.2 PATCH, applied by scim-patch to the current resource; the result is then saved like
// a PUT. Here: what the library does not check for us (which attributes a path may name, what may not
// change) and its errors in SCIM's terms.

const CORE_PREFIX = `${USER_SCHEMA}:`;

/**
 * A path in the form scim-patch reads, or 400 invalidPath when it names no attribute of the resource.
 * The core schema's URN prefix is dropped (the attribute is the same), the enterprise one's spelled as
 * the schema spells it.
 */
function pathOf(path: string): string {
  const trimmed = path.trim();
  const lower = trimmed.toLowerCase();
  if (lower.startsWith(CORE_PREFIX.toLowerCase())) return pathOf(trimmed.slice(CORE_PREFIX.length));
  if (lower.startsWith(`${ENTERPRISE_SCHEMA.toLowerCase()}:`))
    return `${ENTERPRISE_SCHEMA}${trimmed.slice(ENTERPRISE_SCHEMA.length)}`;
  const root = /^[A-Za-z][\w$-]*/.exec(trimmed)?.[0];
  if (!root || !CORE_ATTRIBUTES.has(root.toLowerCase()))
    throw new ScimError(
      400,
      `The path ${JSON.stringify(path)} names no attribute of the User resource.`,
      'invalidPath',
    );
  return CORE_ATTRIBUTES.get(root.toLowerCase())! + trimmed.slice(root.length);
}

/** scim-patch's refusals as SCIM errors, in its words. */
function fromPatchError(error: PatchLibraryError): ScimError {
  if (error instanceof NoTarget || error instanceof NoPathInScimPatchOp)
    return new ScimError(400, error.message, 'noTarget');
  // Its path parser says so in these words ("This part of the path … is invalid").
  if (/part of the path|path specified/i.test(error.message)) return new ScimError(400, error.message, 'invalidPath');
  return invalidSyntax(error.message);
}

/** The operations of a PatchOp message (RFC 7644 §3.5.2), checked by scim-patch; 400 invalidSyntax when it is none. */
export function patchOperationsOf(body: unknown): ScimPatchOperation[] {
  if (!isObject(body))
    throw invalidSyntax('The body must be a PatchOp message: {"schemas": [...], "Operations": [...]}.');
  try {
    patchBodyValidation(body as unknown as ScimPatch);
  } catch (error) {
    if (error instanceof PatchLibraryError) throw fromPatchError(error);
    throw error;
  }
  if (!(body.schemas as unknown[]).includes(PATCH_OPERATION_SCHEMA))
    throw invalidSyntax(`schemas must list ${PATCH_OPERATION_SCHEMA}.`);
  return body.Operations as ScimPatchOperation[];
}

/** The message's operations, each path in the form scim-patch reads (pathOf). */
function operationsOf(body: unknown): ScimPatchOperation[] {
  return patchOperationsOf(body).map((operation) =>
    typeof operation.path === 'string' ? { ...operation, path: pathOf(operation.path) } : operation,
  );
}

/** "givenName familyName" when both are given, else undefined (one part alone is no one's whole name). */
function fullNameOf(name: unknown): string | undefined {
  if (!isObject(name)) return undefined;
  const { givenName, familyName } = name;
  if (typeof givenName !== 'string' || typeof familyName !== 'string' || !givenName.trim() || !familyName.trim())
    return undefined;
  return `${givenName.trim()} ${familyName.trim()}`;
}

/**
 * The resource a PATCH makes of `current`: id, meta and userName cannot change (400 mutability);
 * a role removed leaves the default role (a person always has one); a new name.formatted under an
 * unchanged displayName is the new name.
 */
export function patchedUser(current: ScimUser, body: unknown): Record<string, unknown> {
  const operations = operationsOf(body);
  let patched: Record<string, unknown>;
  try {
    // The library's types want Date metas; it never reads them, and ours are the answer's strings.
    const copy = structuredClone(current) as unknown as ScimResource;
    patched = scimPatch(copy, operations, { mutateDocument: true }) as unknown as Record<string, unknown>;
  } catch (error) {
    if (error instanceof PatchLibraryError) throw fromPatchError(error);
    throw error;
  }
  if (patched.id !== current.id) throw mutability('id is assigned by Meridian and cannot change.');
  if (JSON.stringify(patched.meta) !== JSON.stringify(current.meta)) throw mutability('meta cannot be changed.');
  if (typeof patched.userName !== 'string' || patched.userName.trim().toLowerCase() !== current.userName)
    throw mutability(`userName cannot change once provisioned (it is ${current.userName}).`);
  if (!Array.isArray(patched.roles) || patched.roles.length === 0) patched.roles = [{ value: DEFAULT_ROLE }];
  const formatted = isObject(patched.name) ? patched.name.formatted : undefined;
  const currentName = (current.name as Record<string, unknown>).formatted;
  const unchangedName = patched.displayName === current.displayName;
  if (unchangedName && typeof formatted === 'string' && formatted !== currentName) patched.displayName = formatted;
  // Entra ID changes a surname by patching name.familyName alone: the person's name follows their parts.
  else if (unchangedName && fullNameOf(patched.name) && fullNameOf(patched.name) !== fullNameOf(current.name))
    patched.displayName = fullNameOf(patched.name);
  return patched;
}
