import { describe, expect, it } from 'vitest';
import { pageTitle } from './page-title.js';

describe('page title (spec section 2)', () => {
  it("reads '{product} | {page}', or '{product} Platform' without a page", () => {
    expect(pageTitle('Meridian', 'Organizations')).toBe('Meridian | Organizations');
    expect(pageTitle('Meridian')).toBe('Meridian Platform');
    expect(pageTitle('Acme Insights', 'Error')).toBe('Acme Insights | Error');
  });
});
