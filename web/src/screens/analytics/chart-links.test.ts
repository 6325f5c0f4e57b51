import { describe, expect, it } from 'vitest';
import { licenseUsePath, organizationsListPath } from './chart-links.js';

describe('where a chart’s bar leads', () => {
  it('opens the organizations list filtered to the bar’s segment and state', () => {
    const path = organizationsListPath('health-plan', 'deploying');
    expect(path).toBe('/admin/org-management?segment=health-plan&status=DEPLOYING');
  });

  it('opens an organization’s licenses from its license-use bar', () => {
    expect(licenseUsePath('acme')).toBe('/admin/org-management/acme/update/licenses');
  });
});
