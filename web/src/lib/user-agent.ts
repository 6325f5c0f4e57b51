/**
 * A browser in words from its User-Agent ("Chrome on Linux"), for people telling their own sign-ins
 * apart, not for deciding anything. User-Agent strings name several engines for compatibility, so the
 * most specific names are looked for first (Edge and Opera carry "Chrome", Chrome carries "Safari").
 */
const BROWSERS: readonly (readonly [RegExp, string])[] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bChrom(e|ium)\/|\bCriOS\//, 'Chrome'],
  [/\bSafari\//, 'Safari'],
];

const SYSTEMS: readonly (readonly [RegExp, string])[] = [
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b|\bX11\b/, 'Linux'],
];

const first = (text: string, table: readonly (readonly [RegExp, string])[]) =>
  table.find(([pattern]) => pattern.test(text))?.[1] ?? null;

/** "Chrome on Linux", "Safari on iOS", "Firefox", "Unknown browser" (nothing recognised or no User-Agent). */
export function browserOf(userAgent: string | null | undefined): string {
  const text = userAgent ?? '';
  const browser = first(text, BROWSERS);
  const system = first(text, SYSTEMS);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? (system ? `A browser on ${system}` : 'Unknown browser');
}
