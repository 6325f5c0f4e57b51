import { parse } from 'bowser';

/** The browser and operating system a User-Agent names, in words people know ("Chrome", "Linux"). */
export interface Device {
  browser: string | null;
  operatingSystem: string | null;
}

/**
 * Reads a User-Agent with bowser, a maintained parser, once on the platform (the console and the
 * gateway show its words). It knows what hand-written patterns miss: HeadlessChrome is Chrome, Edge
 * and Opera carry "Chrome", Chrome carries "Safari". Null where it recognises nothing (or none was sent).
 */
export function deviceOf(userAgent: string | null): Device {
  if (!userAgent) return { browser: null, operatingSystem: null };
  const parsed = parse(userAgent);
  return { browser: parsed.browser.name || null, operatingSystem: parsed.os.name || null };
}
