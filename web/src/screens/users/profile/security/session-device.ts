/** A session's browser and system as the platform read them from its User-Agent (a maintained parser). */
export interface SessionDevice {
  browser?: string | null;
  operatingSystem?: string | null;
}

/**
 * The device in words, for people telling their own sign-ins apart: "Chrome on Linux", "Firefox", "A
 * browser on Linux", "Unknown browser" (nothing recognised, or no User-Agent). The parsing is the
 * platform's (bowser), done once there: the console only words what it found.
 */
export function deviceText({ browser, operatingSystem }: SessionDevice): string {
  if (browser && operatingSystem) return `${browser} on ${operatingSystem}`;
  return browser || (operatingSystem ? `A browser on ${operatingSystem}` : 'Unknown browser');
}
