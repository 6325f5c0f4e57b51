/**
 * The variables README.md's configuration table documents: the rows of the markdown table under the
 * heading "## Configuration" whose first cell names a variable in backticks ("| `PLATFORM_PORT` | …").
 * A first cell may name several ("`POSTGRES_USER`, `POSTGRES_DB`"). Undefined when there is no such
 * section.
 */
export function documentedVariables(readme: string): Set<string> | undefined {
  const lines = readme.split(/\r?\n/);
  const start = lines.findIndex((line) => /^##\s+Configuration\s*$/.test(line));
  if (start === -1) return undefined;
  const names = new Set<string>();
  for (const line of lines.slice(start + 1)) {
    if (/^#{1,2}\s/.test(line)) break;
    if (!line.trimStart().startsWith('|')) continue;
    const firstCell = line.trim().slice(1).split('|')[0] ?? '';
    for (const match of firstCell.matchAll(/`([A-Za-z_][A-Za-z0-9_]*)`/g)) names.add(match[1]!);
  }
  return names;
}
