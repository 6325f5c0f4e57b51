import { describe, expect, it } from 'vitest';
import { csvFileName } from './export-file-name.js';

describe('analytics export file name', () => {
  it('names the file after the section and the date of the figures', () => {
    expect(csvFileName('license-use', '2026-03-04T10:20:30.000Z')).toBe('analytics-license-use-2026-03-04.csv');
  });
});
