import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The parts of a compose service these tests read (the schema test checks the rest). */
export interface ComposeService {
  image?: string;
  build?: string | { context?: string; dockerfile?: string };
  environment?: Record<string, string | number | boolean | null> | string[];
  ports?: (string | number | { target?: number; published?: number })[];
  networks?: string[] | Record<string, unknown>;
  healthcheck?: { test?: string | string[]; disable?: boolean };
  depends_on?: string[] | Record<string, { condition: string }>;
  configs?: (string | { source: string; target?: string })[];
  volumes?: (string | { type: string; source?: string; target?: string })[];
  restart?: string;
  hostname?: string;
}

export interface ComposeFile {
  services: Record<string, ComposeService>;
  networks?: Record<string, { internal?: boolean } | null>;
  configs?: Record<string, { file?: string }>;
}

export function readRepoFile(relativePath: string): string {
  return readFileSync(path.join(repoRoot, relativePath), 'utf8');
}

/** docker-compose.yml as text and as data (YAML aliases and merge keys resolved, as compose resolves them). */
export function loadComposeFile(): { text: string; document: ComposeFile } {
  const text = readRepoFile('docker-compose.yml');
  return { text, document: parse(text, { merge: true }) as ComposeFile };
}

/** The variables a service sets, name → value as written (before interpolation). */
export function serviceEnvironment(service: ComposeService): Map<string, string> {
  const environment = service.environment ?? {};
  if (Array.isArray(environment)) {
    return new Map(
      environment.map((entry) => {
        const equals = entry.indexOf('=');
        return equals === -1 ? [entry, ''] : [entry.slice(0, equals), entry.slice(equals + 1)];
      }),
    );
  }
  return new Map(Object.entries(environment).map(([name, value]) => [name, value === null ? '' : String(value)]));
}

/**
 * Names a string interpolates: `${NAME}`, `${NAME:-default}`, `${NAME:?message}`, `$NAME`, including
 * those nested in a default; `$$` is compose's escape for a literal dollar and interpolates nothing.
 */
export function interpolatedNames(value: string): string[] {
  const names: string[] = [];
  const nameAt = (start: number) => /^[A-Za-z_][A-Za-z0-9_]*/.exec(value.slice(start))?.[0];
  for (let index = 0; index < value.length; index++) {
    if (value[index] !== '$') continue;
    const next = value[index + 1];
    if (next === '$') {
      index++;
      continue;
    }
    const name = nameAt(next === '{' ? index + 2 : index + 1);
    if (name) names.push(name);
  }
  return names;
}

/** Every string in a parsed document, keys included. */
export function allStrings(node: unknown): string[] {
  if (typeof node === 'string') return [node];
  if (Array.isArray(node)) return node.flatMap(allStrings);
  if (node && typeof node === 'object')
    return Object.entries(node).flatMap(([key, value]) => [key, ...allStrings(value)]);
  return [];
}

/** A value with `${NAME:-default}` replaced by its default; undefined when it needs a variable's value. */
export function valueWithDefaults(value: string): string | undefined {
  const resolved = value.replace(/\$\{[A-Za-z_][A-Za-z0-9_]*:?-([^}$]*)\}/g, '$1');
  return resolved.includes('$') ? undefined : resolved;
}

export function networkNames(service: ComposeService): string[] {
  const networks = service.networks ?? [];
  return Array.isArray(networks) ? networks : Object.keys(networks);
}

/** Container ports a service publishes on its host ("host:container", "ip:host:container/udp", objects). */
export function publishedContainerPorts(service: ComposeService): number[] {
  return (service.ports ?? []).flatMap((entry) => {
    if (typeof entry === 'number') return [entry];
    if (typeof entry === 'object') return entry.target === undefined ? [] : [entry.target];
    const containerPart = entry.split(':').at(-1)!.split('/')[0]!;
    const [first, last = first] = containerPart.split('-').map(Number) as [number, number?];
    return Array.from({ length: last - first + 1 }, (_, offset) => first + offset);
  });
}

/** Services this one waits for, with the condition it waits on. */
export function dependencies(service: ComposeService): { name: string; condition: string }[] {
  const dependsOn = service.depends_on ?? [];
  if (Array.isArray(dependsOn)) return dependsOn.map((name) => ({ name, condition: 'service_started' }));
  return Object.entries(dependsOn).map(([name, { condition }]) => ({ name, condition }));
}

export function hasHealthcheck(service: ComposeService): boolean {
  return service.healthcheck?.test !== undefined && service.healthcheck.disable !== true;
}

/** The Dockerfile a service is built from, relative to the repository root. */
export function dockerfileOf(service: ComposeService): string | undefined {
  if (service.build === undefined) return undefined;
  if (typeof service.build === 'string') return path.join(service.build, 'Dockerfile');
  return path.normalize(path.join(service.build.context ?? '.', service.build.dockerfile ?? 'Dockerfile'));
}

/** Files a service mounts from the repository (top-level configs and bind mounts), by target path. */
export function mountedFiles(document: ComposeFile, service: ComposeService): Map<string, string> {
  const mounted = new Map<string, string>();
  for (const entry of service.configs ?? []) {
    const source = typeof entry === 'string' ? entry : entry.source;
    const file = document.configs?.[source]?.file;
    const target = typeof entry === 'string' ? `/${source}` : (entry.target ?? `/${source}`);
    if (file) mounted.set(target, path.normalize(file));
  }
  for (const entry of service.volumes ?? []) {
    const [source, target] = typeof entry === 'string' ? entry.split(':') : [entry.source, entry.target];
    if (source?.startsWith('.') && target) mounted.set(target, path.normalize(source));
  }
  return mounted;
}
