import path from 'node:path';
import madge from 'madge';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../e2e/support/paths.js';

// No package's modules import each other in a circle: a cycle makes the load order decide what is
// defined (an import read before its module ran is undefined) and ties the files of a circle into one.
// Type-only imports are erased before run time and do not count.
describe('import cycles', () => {
  for (const name of ['schema', 'platform', 'gateway', 'web']) {
    it(`${name}/src has none`, async () => {
      const result = await madge(path.join(repoRoot, name, 'src'), {
        fileExtensions: ['ts', 'tsx'],
        tsConfig: path.join(repoRoot, name, 'tsconfig.json'),
        detectiveOptions: { ts: { skipTypeImports: true }, tsx: { skipTypeImports: true } },
        excludeRegExp: [/\/generated\//, /\/gql\//],
      });
      expect(result.circular()).toEqual([]);
    }, 60_000);
  }
});
