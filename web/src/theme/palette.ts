/**
 * The brand palette as CSS custom properties (theme.css holds the light and dark defaults). The hidden
 * theme colour panel overrides them; overrides persist in localStorage and apply to both themes.
 */
export const PALETTE_COLORS = [
  { name: '--meridian-brand', label: 'Brand' },
  { name: '--meridian-brand-contrast', label: 'Text on brand' },
  { name: '--meridian-nav-background', label: 'Navigation background' },
  { name: '--meridian-nav-text', label: 'Navigation text' },
  { name: '--meridian-surface', label: 'Page background' },
] as const;
export type PaletteColorName = (typeof PALETTE_COLORS)[number]['name'];
export type PaletteOverrides = Partial<Record<PaletteColorName, string>>;

export const PALETTE_STORAGE_KEY = 'meridian.palette';
const HEX_COLOR = /^#[0-9a-f]{6}$/i;

export function readPaletteOverrides(storage: Storage = localStorage): PaletteOverrides {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(PALETTE_STORAGE_KEY) ?? '{}');
    const overrides: PaletteOverrides = {};
    for (const { name } of PALETTE_COLORS) {
      const value = (parsed as Record<string, unknown> | null)?.[name];
      if (typeof value === 'string' && HEX_COLOR.test(value)) overrides[name] = value;
    }
    return overrides;
  } catch {
    return {};
  }
}

/** Sets (or with `null` clears) one colour, on the page and in storage. */
export function setPaletteColor(name: PaletteColorName, value: string | null, storage: Storage = localStorage): void {
  const overrides = readPaletteOverrides(storage);
  if (value === null) delete overrides[name];
  else if (HEX_COLOR.test(value)) overrides[name] = value;
  try {
    storage.setItem(PALETTE_STORAGE_KEY, JSON.stringify(overrides));
  } catch {
    // Storage refused: the colour lasts for this page only.
  }
  if (value === null) document.documentElement.style.removeProperty(name);
  else document.documentElement.style.setProperty(name, value);
}

export function resetPalette(storage: Storage = localStorage): void {
  for (const { name } of PALETTE_COLORS) document.documentElement.style.removeProperty(name);
  try {
    storage.removeItem(PALETTE_STORAGE_KEY);
  } catch {
    // Nothing stored to forget.
  }
}

export function applyStoredPalette(storage: Storage = localStorage): void {
  for (const [name, value] of Object.entries(readPaletteOverrides(storage))) {
    document.documentElement.style.setProperty(name, value);
  }
}

/** The colour in effect (override or theme default) as #rrggbb, which colour inputs need. */
export function currentPaletteColor(name: PaletteColorName): string {
  const probe = document.createElement('span');
  probe.style.color = `var(${name})`;
  document.body.appendChild(probe);
  // The browser resolves any CSS colour form (#fff, names, rgb()) to rgb(r, g, b).
  const resolved = getComputedStyle(probe).color;
  probe.remove();
  return rgbToHex(resolved) ?? '#000000';
}

/** 'rgb(31, 111, 235)' → '#1f6feb'; null for anything else. */
export function rgbToHex(color: string): string | null {
  const match = /^rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(color.trim());
  if (!match) return HEX_COLOR.test(color.trim()) ? color.trim().toLowerCase() : null;
  return `#${match
    .slice(1, 4)
    .map((part) => Number(part).toString(16).padStart(2, '0'))
    .join('')}`;
}
