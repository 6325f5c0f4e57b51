import { existsSync, globSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../e2e/support/paths.js';

// docs/ARCHITECTURE.md is the newcomer's map (issue 40 §5): every path it names exists, and every
// source folder is on it. Paths are written the way a reader follows them: from the repository root,
// from the section's package (`## platform/ …`: `src/routes/<domain>.ts`, or `routes/users.ts` under its
// src/), or next to a path named before in the same section (`domain/users.ts` with `user-records.ts`).
const DOC = 'docs/ARCHITECTURE.md';
const text = readFileSync(path.join(repoRoot, DOC), 'utf8');

/** The folders whose every subfolder the map must show. */
const SOURCE_ROOTS = ['platform/src', 'gateway/src', 'web/src', 'schema/src', 'tests'];
/** Not sources: installed packages. */
const NOT_SOURCES = new Set(['node_modules']);

/** A code span that names a file or folder: a slash, or a file name with an extension; no spaces or calls. */
const PATH_LIKE = /^[\w.@<>*-]+(\/[\w.@<>*-]*)*$/;
const FILE_NAME = /\.(ts|tsx|js|mjs|json|md|graphql|yml|yaml|sql|sh|conf)$/;

interface Named {
  section: string;
  written: string;
  /** What it names on disk (absolute paths), empty when nothing. */
  found: string[];
}

/** What `written` names from `base`: the path itself, or the matches of its `<placeholder>`s and `*`. */
function onDisk(base: string, written: string): string[] {
  const relative = written.replace(/\/$/, '');
  if (!/[<*]/.test(relative)) {
    const absolute = path.join(base, relative);
    return existsSync(absolute) ? [absolute] : [];
  }
  const pattern = relative.replace(/<[^>]+>/g, '*');
  return globSync(pattern, { cwd: base }).map((match) => path.join(base, match));
}

/** Every folder from `dir` up to the repository root. */
function foldersUp(dir: string): string[] {
  const folders: string[] = [];
  for (let at = dir; at.startsWith(repoRoot); at = path.dirname(at)) folders.push(at);
  return folders;
}

/** Each path-like code span of the map with what it names, read section by section. */
function namedPaths(): Named[] {
  const named: Named[] = [];
  for (const section of text.split(/^## /m)) {
    const heading = section.split('\n')[0] ?? '';
    const pkg = /^([a-z-]+)\/ /.exec(heading)?.[1];
    const packageBases = pkg ? [path.join(repoRoot, pkg), path.join(repoRoot, pkg, 'src')] : [];
    const seenFolders: string[] = [];
    for (const [, written] of section.matchAll(/`([^`\n]+)`/g)) {
      if (!written || !PATH_LIKE.test(written) || !(written.includes('/') || FILE_NAME.test(written))) continue;
      // The product's spec lives beside the repository, not in it; `meridian/…` names a lint rule, `@…/…` a package.
      if (written.startsWith('../') || written.startsWith('meridian/') || written.startsWith('@')) continue;
      const bases = [repoRoot, path.join(repoRoot, 'docs'), ...packageBases, ...seenFolders];
      const found = bases.map((base) => onDisk(base, written)).find((matches) => matches.length > 0) ?? [];
      named.push({ section: heading, written, found });
      for (const match of found)
        seenFolders.unshift(...foldersUp(statSync(match).isDirectory() ? match : path.dirname(match)));
    }
  }
  return named;
}

describe(DOC, () => {
  const named = namedPaths();

  it('names paths (more than a handful, so the reading above works)', () => {
    expect(named.length).toBeGreaterThan(60);
  });

  it('names only paths that exist', () => {
    const missing = named
      .filter(({ found }) => found.length === 0)
      .map(({ section, written }) => `${section}: ${written}`);
    expect(missing).toEqual([]);
  });

  it('shows every source folder', () => {
    const shown = named.flatMap(({ found }) => found);
    const left = SOURCE_ROOTS.flatMap((root) =>
      readdirSync(path.join(repoRoot, root), { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && !NOT_SOURCES.has(entry.name))
        .map((entry) => path.join(repoRoot, root, entry.name)),
    ).filter((folder) => !shown.some((found) => found === folder || found.startsWith(`${folder}${path.sep}`)));
    expect(left.map((folder) => path.relative(repoRoot, folder))).toEqual([]);
  });
});
