import { isObject } from '../domain/scim/user-resource.js';

// RFC 7644 §3.4.2.5 and §3.9: `attributes` (only these) and `excludedAttributes` (all but these) shape
// an answer. Paths are top-level names, one sub-attribute deep ("name.givenName", "members.value"), with
// or without the resource's schema URN ("urn:…:core:2.0:User:userName", "urn:…:enterprise:2.0:User:department").
// id, schemas and meta are returned always (RFC 7643 §3.1, §7 "returned": "always").

export interface Projection {
  /** Paths asked for; undefined when the request names none (every default attribute is returned). */
  attributes?: string[];
  /** Paths left out. */
  excluded: string[];
}

const ALWAYS = new Set(['id', 'schemas', 'meta']);

/** A comma-separated query parameter, or a .search body's list of strings (RFC 7644 §3.4.3). */
function pathsOf(value: unknown): string[] | undefined {
  const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : undefined;
  if (!list) return undefined;
  const paths = list.filter((each): each is string => typeof each === 'string').map((each) => each.trim());
  return paths.filter((each) => each !== '');
}

/** The projection a query string or a .search body asks for. */
export function projectionOf(source: unknown): Projection {
  if (!isObject(source)) return { excluded: [] };
  const attributes = pathsOf(source.attributes);
  return {
    ...(attributes && attributes.length > 0 ? { attributes } : {}),
    excluded: pathsOf(source.excludedAttributes) ?? [],
  };
}

/**
 * A path as keys of the resource: [attribute] or [attribute, sub-attribute], the extension's URN as
 * the first key when the path names one; `core` is the resource's own schema URN.
 */
function keysOf(path: string, core: string, extensions: readonly string[]): string[] {
  const lower = path.toLowerCase();
  if (lower.startsWith(`${core.toLowerCase()}:`)) return keysOf(path.slice(core.length + 1), core, extensions);
  const extension = extensions.find((urn) => lower === urn.toLowerCase() || lower.startsWith(`${urn.toLowerCase()}:`));
  if (extension) {
    const rest = path.slice(extension.length + 1);
    return rest === '' ? [extension] : [extension, rest.split('.')[0]!];
  }
  return path.split('.').slice(0, 2);
}

/** The resource's own key for `name` (attribute names are case-insensitive, RFC 7643 §2.1). */
const keyIn = (resource: Record<string, unknown>, name: string) =>
  Object.keys(resource).find((key) => key.toLowerCase() === name.toLowerCase());

/** Whether the answer carries the top-level attribute `name` (so a costly one is read only when it does). */
export function returns(projection: Projection, name: string, core: string): boolean {
  const wanted = name.toLowerCase();
  const top = (path: string) => keysOf(path, core, [])[0]!.toLowerCase();
  if (projection.attributes && !projection.attributes.some((path) => top(path) === wanted)) return false;
  return !projection.excluded.some((path) => keysOf(path, core, []).length === 1 && top(path) === wanted);
}

/** The sub-attribute `sub` of a complex value, or of each of a multi-valued attribute's values. */
function pick(value: unknown, sub: string, into: unknown): unknown {
  if (Array.isArray(value)) return value.map((each, i) => pick(each, sub, Array.isArray(into) ? into[i] : undefined));
  if (!isObject(value)) return into;
  const key = keyIn(value, sub);
  if (key === undefined) return into;
  return { ...(isObject(into) ? into : {}), [key]: value[key] };
}

function drop(value: unknown, sub: string): unknown {
  if (Array.isArray(value)) return value.map((each) => drop(each, sub));
  if (!isObject(value)) return value;
  const key = keyIn(value, sub);
  if (key === undefined) return value;
  const { [key]: _dropped, ...rest } = value;
  return rest;
}

/** The resource as the projection shapes it; `extensions` are the schema extensions it may carry. */
export function project<T extends Record<string, unknown>>(
  resource: T,
  projection: Projection,
  core: string,
  extensions: readonly string[] = [],
): Record<string, unknown> {
  if (!projection.attributes && projection.excluded.length === 0) return resource;
  let out: Record<string, unknown> = resource;
  if (projection.attributes) {
    out = Object.fromEntries(Object.entries(resource).filter(([key]) => ALWAYS.has(key)));
    for (const path of projection.attributes) {
      const [name, sub] = keysOf(path, core, extensions);
      const key = keyIn(resource, name!);
      if (key === undefined || ALWAYS.has(key)) continue;
      out[key] = sub === undefined ? resource[key] : pick(resource[key], sub, out[key]);
    }
  }
  for (const path of projection.excluded) {
    const [name, sub] = keysOf(path, core, extensions);
    const key = keyIn(out, name!);
    if (key === undefined || ALWAYS.has(key)) continue;
    if (sub === undefined) {
      const { [key]: _excluded, ...rest } = out;
      out = rest;
    } else out = { ...out, [key]: drop(out[key], sub) };
  }
  return out;
}
