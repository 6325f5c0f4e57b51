import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/** What a section knows of the run it is part of. */
export interface BenchContext {
  /** The command that made this run's figures, as typed (`pnpm bench`, `pnpm bench platform`). */
  command: string;
  /** describeMachine() of this run. */
  machine: string;
  /** The day of the run, YYYY-MM-DD. */
  date: string;
  log: (message: string) => void;
}

/**
 * One part of BENCHMARKS.md that measures something and reports it. Each issue that adds a benchmark adds
 * a section (the gateway's comes later); a run may measure only some sections and keeps the others.
 */
export interface BenchSection {
  /** Stable id: `pnpm bench <id>` runs it alone; its markers in BENCHMARKS.md. */
  id: string;
  /** Another section's id whose run measures this one too (`pnpm bench gateway` includes `tracing`). */
  partOf?: string;
  /** Measures and answers the section's markdown, its `##` heading included. */
  run(context: BenchContext): Promise<string>;
}

const INTRO = `# Benchmarks

Made by \`pnpm bench\` (\`tests/bench/\`): it starts what it measures in process, seeds its own data, loads
each endpoint with autocannon over loopback at a fixed concurrency, and rewrites the section it measured
below. Each figure is the median of several runs, and each table reads as ratios against a baseline
measured in the same run on the same machine: absolute numbers move with the machine, ratios much less.
Nothing here is asserted by a test. \`pnpm bench <section>\` measures one section (ids in the markers
below) and keeps the others as they were.
`;

const marker = (id: string) => ({ open: `<!-- bench:${id} -->`, close: `<!-- /bench:${id} -->` });

/** The sections of an existing BENCHMARKS.md, by id. */
export function parseSections(markdown: string): Map<string, string> {
  const sections = new Map<string, string>();
  for (const match of markdown.matchAll(/<!-- bench:([\w-]+) -->\n([\s\S]*?)\n?<!-- \/bench:\1 -->/g)) {
    sections.set(match[1]!, match[2]!.trim());
  }
  return sections;
}

/** BENCHMARKS.md from its sections, in the order given (known ids first, then any others kept). */
export function renderBenchmarks(sections: Map<string, string>, order: readonly string[]): string {
  const ids = [...order.filter((id) => sections.has(id)), ...[...sections.keys()].filter((id) => !order.includes(id))];
  const body = ids.map((id) => `${marker(id).open}\n${sections.get(id)!}\n${marker(id).close}`);
  return `${[INTRO, ...body].join('\n')}\n`;
}

/** Replaces one section of the file at `file` (creating the file when missing), keeping the rest. */
export function writeSection(file: string, id: string, markdown: string, order: readonly string[]): void {
  const sections = existsSync(file) ? parseSections(readFileSync(file, 'utf8')) : new Map<string, string>();
  sections.set(id, markdown.trim());
  writeFileSync(file, renderBenchmarks(sections, order));
}

/** A markdown table. */
export function table(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [line(headers), line(headers.map(() => '---')), ...rows.map(line)].join('\n');
}

/** autocannon measures whole milliseconds; a median of two runs may add a half. */
export const formatMs = (ms: number) => (Number.isInteger(ms) ? String(ms) : ms.toFixed(1));
export const formatCount = (count: number) => Math.round(count).toLocaleString('en-US');
export const formatRatio = (ratio: number) => `${ratio.toFixed(2)}×`;
export const formatSeconds = (seconds: number) => seconds.toFixed(1);
