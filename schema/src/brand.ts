/**
 * What the product looks like outside the console's own code: the favicon the console and the sign-in
 * pages both show, and the sign-in app's version (spec section 9). One copy, read by both.
 */
export const SIGN_IN_APP_VERSION = '0.42.0';

/** A meridian line over a globe, in the brand blue; legible at 16 px. */
export const FAVICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">' +
  '<circle cx="16" cy="16" r="14" fill="#215db0"/>' +
  '<ellipse cx="16" cy="16" rx="6" ry="14" fill="none" stroke="#fff" stroke-width="2.5"/>' +
  '<path d="M2 16h28" stroke="#fff" stroke-width="2.5"/>' +
  '</svg>';

/** The favicon as a data: URI, for a `<link rel="icon">` that needs no request of its own. */
export function faviconDataUri(): string {
  return `data:image/svg+xml,${encodeURIComponent(FAVICON_SVG)}`;
}
