import { createElement, Fragment } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

/**
 * Text as the provider's pages (React) write it, in an element or an attribute: what a test looks for
 * in a page, and how the test identity providers' own small pages escape what they show.
 */
export function escapeHtml(text: string): string {
  return renderToStaticMarkup(createElement(Fragment, null, text));
}
