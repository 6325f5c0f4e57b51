import type { Page } from 'playwright-core';

/** The width every journey runs at (support/browser.ts): every list must fit it with no horizontal scroll. */
export const WIDE = { width: 1280, height: 800 } as const;
/** A narrow window (a laptop with a side panel, a tablet): still readable, the navigation a compact bar. */
export const NARROW = { width: 800, height: 800 } as const;

/**
 * What scrolls sideways at the page's current width: the page itself, or a box holding a list (a
 * table, or a container of one) whose content is wider than the box. Each answer names the box and
 * its two widths, for the failure message.
 */
export async function horizontalOverflows(page: Page): Promise<string[]> {
  // An expression rather than a function: the tests are compiled without the DOM library.
  return page.evaluate(`(() => {
    const found = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) found.push('the page: ' + root.scrollWidth + ' px in ' + root.clientWidth + ' px');
    const name = (el) => el.getAttribute('aria-label') || el.closest('section,[role=region]')?.getAttribute('aria-label') ||
      el.closest('section')?.querySelector('h1,h2,h3')?.textContent || el.tagName.toLowerCase() + (el.className ? '.' + String(el.className).split(' ').join('.') : '');
    for (const list of document.querySelectorAll('table, [role=table], [role=grid]')) {
      // Wider than the box it sits in, even where that box lets it spill over visibly.
      const holder = list.parentElement;
      if (holder && list.offsetWidth > holder.clientWidth + 1) {
        found.push('the list ' + JSON.stringify(name(list)) + ': ' + list.offsetWidth + ' px in a box of ' + holder.clientWidth + ' px');
        continue;
      }
      for (let box = list; box && box !== document.body; box = box.parentElement) {
        if (box.scrollWidth > box.clientWidth + 1 && getComputedStyle(box).overflowX !== 'visible') {
          found.push('the list ' + JSON.stringify(name(list)) + ': ' + box.scrollWidth + ' px in ' + box.clientWidth + ' px');
          break;
        }
      }
    }
    return found;
  })()`);
}
