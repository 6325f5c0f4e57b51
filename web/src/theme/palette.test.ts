import { afterEach, describe, expect, it } from 'vitest';
import { PALETTE_STORAGE_KEY, readPaletteOverrides, resetPalette, rgbToHex, setPaletteColor } from './palette.js';

afterEach(() => {
  resetPalette();
  localStorage.clear();
});

describe('brand palette overrides', () => {
  it('converts the browser’s resolved colours to the #rrggbb a colour input needs', () => {
    expect(rgbToHex('rgb(31, 111, 235)')).toBe('#1f6feb');
    expect(rgbToHex('rgba(255, 255, 255, 1)')).toBe('#ffffff');
    expect(rgbToHex('#AA3300')).toBe('#aa3300');
    expect(rgbToHex('white')).toBeNull();
  });

  it('keeps only valid colours of known names, and clears one or all', () => {
    localStorage.setItem(PALETTE_STORAGE_KEY, JSON.stringify({ '--meridian-brand': 'red', '--other': '#123456' }));
    expect(readPaletteOverrides()).toEqual({});
    setPaletteColor('--meridian-brand', '#123456');
    setPaletteColor('--meridian-surface', '#fafafa');
    expect(readPaletteOverrides()).toEqual({ '--meridian-brand': '#123456', '--meridian-surface': '#fafafa' });
    setPaletteColor('--meridian-brand', null);
    expect(document.documentElement.style.getPropertyValue('--meridian-brand')).toBe('');
    expect(readPaletteOverrides()).toEqual({ '--meridian-surface': '#fafafa' });
  });
});
