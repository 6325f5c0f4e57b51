import { describe, expect, inject, it } from 'vitest';
import { organizationsNearTheirLimit } from '../internal-tool/seat-report.js';
import { toolToken } from './support/platform-api.js';

// The README's internal-tool example, run against the product's platform with the tools' client.
describe('the typed REST client example (internal-tool/seat-report.ts)', () => {
  it('reports the organizations near their user limit from the seeded platform', async () => {
    const { restUrl } = inject('product');
    const token = await toolToken();
    const everyone = await organizationsNearTheirLimit(restUrl, token, 0);
    const raw = await fetch(`${restUrl}/organization?limit=0&include=licenses_used`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const listed = (await raw.json()) as {
      data: { id: string; licenses: { user_limit: number; active_users: number } }[];
    };
    const limited = listed.data.filter((organization) => organization.licenses.user_limit > 0);
    expect(everyone.map((usage) => usage.id).sort()).toEqual(limited.map((organization) => organization.id).sort());
    for (const usage of everyone) {
      const organization = limited.find((candidate) => candidate.id === usage.id)!;
      expect(usage).toMatchObject({
        activeUsers: organization.licenses.active_users,
        userLimit: organization.licenses.user_limit,
      });
    }
    const ratios = everyone.map((usage) => usage.activeUsers / usage.userLimit);
    expect(ratios).toEqual([...ratios].sort((a, b) => b - a));

    const near = await organizationsNearTheirLimit(restUrl, token, 0.5);
    expect(near.every((usage) => usage.activeUsers >= usage.userLimit * 0.5)).toBe(true);
    expect(near.length).toBe(ratios.filter((ratio) => ratio >= 0.5).length);
  });

  it('names the status and the platform’s words when the token is refused', async () => {
    const { restUrl } = inject('product');
    await expect(organizationsNearTheirLimit(restUrl, 'not-a-token')).rejects.toThrow(/answered 401: .*message/);
  });
});
