import { describe, expect, it } from 'vitest';
import { dependencyMap } from '../licenses/license-products.js';
import { SAME_SEGMENT_MESSAGE, toSwitchSegmentInput, validateSwitchSegment } from './switch-segment-form.js';
import { confirmsOffboarding } from './OffboardDialog.js';

const dependencies = dependencyMap([
  { id: 'claims_data', name: 'Claims', description: '', kind: 'DATA', dependencies: [] },
]);
const licenses = { userLimit: '20', explorerCount: '5', viewerCount: '10', products: ['claims_data'] };
const saved = { customerSegment: 'health-plan', medicareLicensed: false, licenses };

describe('segment switch', () => {
  it('sends segment and Medicare licensing, without licenses unless asked', () => {
    const values = {
      customerSegment: 'employer',
      medicareLicensed: false,
      changeLicenses: false,
      licenses: { ...licenses, userLimit: '50' },
    };
    expect(toSwitchSegmentInput(values, saved, dependencies)).toEqual({
      customerSegment: 'employer',
      medicareLicensed: false,
    });
  });

  it('adds only the changed licenses when asked, never a usage figure', () => {
    const values = {
      customerSegment: 'health-plan',
      medicareLicensed: false,
      changeLicenses: true,
      licenses: { ...licenses, userLimit: '50' },
    };
    expect(toSwitchSegmentInput(values, saved, dependencies)).toEqual({
      customerSegment: 'health-plan',
      medicareLicensed: false,
      licenses: { userLimit: 50 },
    });
  });

  it('refuses a switch that changes nothing, and bad counts beside their fields', () => {
    const same = { ...saved, changeLicenses: true };
    expect(validateSwitchSegment(same, saved, dependencies)).toEqual({ customerSegment: SAME_SEGMENT_MESSAGE });
    expect(
      validateSwitchSegment({ ...same, licenses: { ...licenses, viewerCount: 'ten' } }, saved, dependencies),
    ).toEqual({ 'licenses.tableauUserLicenses.viewerCount': 'Viewer licenses must be a whole number, 0 or more.' });
  });
});

describe('offboarding confirmation', () => {
  it('needs the organization id typed exactly', () => {
    expect(confirmsOffboarding('acme-health', 'acme-health')).toBe(true);
    expect(confirmsOffboarding(' acme-health ', 'acme-health')).toBe(true);
    expect(confirmsOffboarding('Acme-Health', 'acme-health')).toBe(false);
    expect(confirmsOffboarding('acme', 'acme-health')).toBe(false);
  });
});
