// `pnpm bench [section…]`: measures each section (all by default) and rewrites its part of BENCHMARKS.md.
// Figures are reported, never asserted.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { amplificationSection } from './amplification-section.js';
import { auditSection } from './audit-section.js';
import { clusterSection } from './cluster-section.js';
import { describeMachine } from './machine.js';
import { gatewaySection } from './gateway-section.js';
import { platformSection } from './platform-section.js';
import { scimSection } from './scim-section.js';
import { tracingSection } from './tracing-section.js';
import { webSection } from './web-section.js';
import { workflowSection } from './workflow-section.js';
import { writeSection, type BenchSection } from './report.js';

/** In the order they appear in BENCHMARKS.md; a new benchmark adds its section here. */
const SECTIONS: BenchSection[] = [
  workflowSection,
  platformSection,
  gatewaySection,
  tracingSection,
  amplificationSection,
  webSection,
  auditSection,
  scimSection,
  clusterSection,
];

const benchmarksFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../BENCHMARKS.md');

async function main(requested: string[]): Promise<void> {
  const unknown = requested.filter((id) => !SECTIONS.some((section) => section.id === id));
  if (unknown.length > 0) {
    throw new Error(`Unknown section ${unknown.join(', ')}; known: ${SECTIONS.map(({ id }) => id).join(', ')}`);
  }
  const selected =
    requested.length === 0
      ? SECTIONS
      : SECTIONS.filter(({ id, partOf }) => requested.includes(id) || (partOf && requested.includes(partOf)));
  const context = {
    command: ['pnpm bench', ...requested].join(' '),
    machine: describeMachine(),
    date: new Date().toISOString().slice(0, 10),
    log: (message: string) => console.info(`[bench] ${message}`),
  };
  for (const section of selected) {
    context.log(`section ${section.id}`);
    const markdown = await section.run(context);
    writeSection(
      benchmarksFile,
      section.id,
      markdown,
      SECTIONS.map(({ id }) => id),
    );
    console.info(`\n${markdown}\n`);
  }
  context.log(`wrote ${benchmarksFile}`);
}

main(process.argv.slice(2)).then(
  // Exit even if a library left a timer behind: the bench is done and has closed what it started.
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
