import axe from 'axe-core';
import type { Page } from 'playwright-core';

/** The WCAG 2.1 A/AA rules and axe's best practices (issue 8). */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] as const;

/** Impacts that fail a journey: serious and critical (minor and moderate are reported, not failed). */
export const BLOCKING_IMPACTS = ['serious', 'critical'] as const;

export interface AxeNode {
  /** CSS selector of the element (inside an iframe: the frame's selector, ' >>> ', the element's). */
  target: string;
  /** The start of the element's HTML, to recognise it. */
  html: string;
  /** axe's explanation (e.g. the measured contrast). */
  summary: string;
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: AxeNode[];
}

/** A violation known and reported, waiting for a fix in a file this suite does not own. */
export interface WaivedViolation {
  rule: string;
  target: RegExp;
  /** When the selector alone is too general: the element's HTML must match too. */
  html?: RegExp;
  /** Where the fix belongs and why it is not made here. */
  reason: string;
}

interface RawResult {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: (string | string[])[]; html: string; failureSummary?: string }[];
}

const oneLine = (text: string, max: number) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max)}…` : line;
};

/**
 * Runs axe-core in the page as it is now and returns its violations. axe's source is injected with
 * `page.evaluate` (@axe-core/playwright needs Node 22.12; stack.md), once per document. Only
 * violations are collected (resultTypes) to keep each run short.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  const injected = await page.evaluate('typeof window.axe === "object"');
  if (!injected) await page.evaluate(axe.source);
  const options = { runOnly: { type: 'tag', values: AXE_TAGS }, resultTypes: ['violations'] };
  // An expression rather than a function: the tests are compiled without the DOM library.
  const results: RawResult[] = await page.evaluate(
    `window.axe.run(document, ${JSON.stringify(options)}).then((r) => r.violations.map((v) => ({
      id: v.id, impact: v.impact, help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, html: n.html, failureSummary: n.failureSummary })),
    })))`,
  );
  return results.map((result) => ({
    id: result.id,
    impact: result.impact ?? null,
    help: result.help,
    nodes: result.nodes.map((node) => ({
      target: node.target.map((part) => (Array.isArray(part) ? part.join(' ') : part)).join(' >>> '),
      html: oneLine(node.html, 160),
      summary: oneLine(node.failureSummary ?? '', 300),
    })),
  }));
}

/** The serious and critical violations, less the waived elements. */
export function blockingViolations(
  violations: AxeViolation[],
  waived: readonly WaivedViolation[] = [],
): AxeViolation[] {
  const isWaived = (rule: string, node: AxeNode) =>
    waived.some(
      (waiver) => waiver.rule === rule && waiver.target.test(node.target) && (waiver.html?.test(node.html) ?? true),
    );
  return violations
    .filter((v) => (BLOCKING_IMPACTS as readonly (string | null)[]).includes(v.impact))
    .map((v) => ({ ...v, nodes: v.nodes.filter((node) => !isWaived(v.id, node)) }))
    .filter((v) => v.nodes.length > 0);
}

/** Rule, impact and help, then each element (selector, HTML, axe's explanation): readable on its own. */
export function describeViolations(violations: AxeViolation[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes.map((node) => `    ${node.target}  ${node.html}\n      ${node.summary}`);
      return [`  ${v.id} (${v.impact ?? 'unknown'}): ${v.help}`, ...nodes].join('\n');
    })
    .join('\n');
}
