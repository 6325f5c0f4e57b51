import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** One entry of Vite's `.vite/manifest.json` (build.manifest). */
interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

/** Bytes of a set of files: as built, and gzipped at the level a server would use. */
export interface Weight {
  js: number;
  css: number;
  files: number;
}

/**
 * zlib level 9: what a precompressing host serves (nginx gzip_static, a CDN); nginx compressing on the fly
 * defaults to level 1, which is larger. Level 6 (zlib's default) is reported next to it for the home total.
 */
export const GZIP_LEVEL = 9;

export function readManifest(distDir: string): Manifest {
  return JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/** Gzipped size of one built file (path relative to the build, e.g. `assets/index-…js`). */
export function gzipSize(distDir: string, file: string, level = GZIP_LEVEL): number {
  return gzipSync(readFileSync(path.join(distDir, file)), { level }).length;
}

/** The files a set of built files weighs, gzipped, JS and CSS apart. */
export function weigh(distDir: string, files: Iterable<string>, level = GZIP_LEVEL): Weight {
  const weight: Weight = { js: 0, css: 0, files: 0 };
  for (const file of new Set(files)) {
    if (file.endsWith('.js')) weight.js += gzipSize(distDir, file, level);
    else if (file.endsWith('.css')) weight.css += gzipSize(distDir, file, level);
    else continue;
    weight.files += 1;
  }
  return weight;
}

/** The files a chunk loads with it before it runs: itself, its static imports (transitively) and their CSS. */
export function staticClosure(manifest: Manifest, key: string): Set<string> {
  const files = new Set<string>();
  const visit = (current: string, seen: Set<string>) => {
    if (seen.has(current)) return;
    seen.add(current);
    const chunk = manifest[current];
    if (!chunk) throw new Error(`${current} is not in the Vite manifest`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported, seen);
  };
  visit(key, new Set());
  return files;
}

/** The manifest key of the HTML entry (index.html). */
export function entryKey(manifest: Manifest): string {
  const key = Object.keys(manifest).find((candidate) => manifest[candidate]!.isEntry);
  if (!key) throw new Error('The Vite manifest has no entry');
  return key;
}

/** Every lazily loaded module of the console's own sources (screens, shell, panels), by its source path. */
export function lazySourceChunks(manifest: Manifest): string[] {
  return Object.keys(manifest)
    .filter((key) => manifest[key]!.isDynamicEntry && key.startsWith('src/'))
    .sort();
}
