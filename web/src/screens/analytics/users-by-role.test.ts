import { describe, expect, it } from 'vitest';
import { roleRows } from './users-by-role.js';

describe('users by role and active state', () => {
  it('lists every role in the permission table’s order with its active and inactive users, labelled for the product', () => {
    const rows = roleRows(
      [
        { role: 'ORG_USER', active: true, count: 3000 },
        { role: 'ORG_USER', active: false, count: 120 },
        { role: 'SYSTEM_ADMIN', active: true, count: 2 },
        { role: 'ORG_ADMIN', active: false, count: 5 },
      ],
      'Meridian',
    );
    expect(rows).toEqual([
      { role: 'systemAdmin', label: 'Meridian Admin', active: 2, inactive: 0, total: 2 },
      { role: 'systemViewer', label: 'Meridian Viewer', active: 0, inactive: 0, total: 0 },
      { role: 'orgAdmin', label: 'Org Admin', active: 0, inactive: 5, total: 5 },
      { role: 'orgUser', label: 'Org User', active: 3000, inactive: 120, total: 3120 },
    ]);
  });

  it('skips a role the console does not know', () => {
    const rows = roleRows([{ role: 'AUDITOR', active: true, count: 7 }], 'Meridian');
    expect(rows.reduce((sum, row) => sum + row.total, 0)).toBe(0);
  });
});
