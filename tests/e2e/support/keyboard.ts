import type { Page } from 'playwright-core';

/** What has the keyboard focus: enough to recognise it, and whether it is visibly marked. */
export interface FocusedElement {
  tag: string;
  role: string | null;
  /** aria-label, else the label's or the element's text, else its placeholder. */
  name: string;
  href: string | null;
  /** Whether the browser would show a keyboard focus ring (:focus-visible). */
  focusVisible: boolean;
  /** The focus indicator drawn (a visible outline or a box-shadow), or null when there is none. */
  indicator: string | null;
}

// An expression rather than a function: the tests are compiled without the DOM library.
const DESCRIBE_FOCUSED = `(() => {
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  const text = (value) => (value || '').replace(/\\s+/g, ' ').trim().slice(0, 120);
  const labels = el.labels ? [...el.labels].map((label) => label.innerText).join(' ') : '';
  const style = getComputedStyle(el);
  const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0 && style.outlineColor !== 'rgba(0, 0, 0, 0)'
    ? 'outline ' + style.outlineWidth + ' ' + style.outlineStyle + ' ' + style.outlineColor : null;
  const shadow = style.boxShadow && style.boxShadow !== 'none' ? 'box-shadow ' + style.boxShadow : null;
  return {
    tag: el.tagName.toLowerCase(),
    role: el.getAttribute('role'),
    name: text(el.getAttribute('aria-label')) || text(labels) || text(el.innerText) || text(el.getAttribute('placeholder')),
    href: el.getAttribute('href'),
    focusVisible: el.matches(':focus-visible'),
    indicator: outline || shadow,
  };
})()`;

export function focusedElement(page: Page): Promise<FocusedElement | null> {
  return page.evaluate(DESCRIBE_FOCUSED);
}

const describe = (element: FocusedElement | null) =>
  element ? `${element.tag}${element.role ? `[role=${element.role}]` : ''} "${element.name}"` : 'nothing (body)';

/**
 * Presses Tab (or Shift+Tab) until the focused element matches, as a keyboard user moves through the
 * page; fails naming every stop on the way when it is not reached within `max` presses.
 */
export async function tabTo(
  page: Page,
  what: string,
  matches: (element: FocusedElement) => boolean,
  options: { backwards?: boolean; max?: number } = {},
): Promise<FocusedElement> {
  const key = options.backwards ? 'Shift+Tab' : 'Tab';
  const stops: string[] = [];
  for (let press = 0; press < (options.max ?? 40); press += 1) {
    await page.keyboard.press(key);
    const element = await focusedElement(page);
    if (element && matches(element)) return element;
    stops.push(describe(element));
  }
  throw new Error(`${key} never reached ${what}; it stopped at:\n  ${stops.join('\n  ')}`);
}

/** Matches an element by its name (exact text or a pattern) and, if given, its tag or role. */
export function named(name: string | RegExp, kind?: { tag?: string; role?: string }) {
  return (element: FocusedElement) =>
    (typeof name === 'string' ? element.name === name : name.test(element.name)) &&
    (kind?.tag === undefined || element.tag === kind.tag) &&
    (kind?.role === undefined || element.role === kind.role);
}

/** Fails unless the focused element shows a keyboard focus indicator (WCAG 2.4.7). */
export async function expectVisibleFocus(page: Page, what: string): Promise<FocusedElement> {
  const element = await focusedElement(page);
  if (!element) throw new Error(`Nothing has the focus where ${what} should`);
  if (!element.focusVisible || element.indicator === null) {
    throw new Error(
      `${what} (${describe(element)}) has no visible focus indicator (:focus-visible ${element.focusVisible}, ` +
        `indicator ${element.indicator ?? 'none'})`,
    );
  }
  return element;
}
