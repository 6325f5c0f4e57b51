// An internal tool on the platform's REST API through a client typed from its OpenAPI document:
// which organizations are close to their user limit? Run it against `npm start`:
//   pnpm codegen && pnpm --filter @meridian/tests exec tsx internal-tool/seat-report.ts
// (PLATFORM_URL, ISSUER, CLIENT_ID and CLIENT_SECRET name another platform or client.)
// The types come from platform/openapi.json (openapi-typescript, in `pnpm codegen`): a field renamed
// in the platform's contract fails this file's type check, not a report at run time.
import createClient from 'openapi-fetch';
import { clientCredentialsToken } from './client-credentials.js';
import type { paths } from './generated/platform-api.js';

export interface SeatUsage {
  id: string;
  name: string;
  activeUsers: number;
  userLimit: number;
}

/** Organizations whose active users reach `share` of their user limit, fullest first. */
export async function organizationsNearTheirLimit(
  platformUrl: string,
  token: string,
  share = 0.8,
): Promise<SeatUsage[]> {
  const platform = createClient<paths>({ baseUrl: platformUrl, headers: { authorization: `Bearer ${token}` } });
  const { data, error, response } = await platform.GET('/organization', {
    params: { query: { limit: 0, include: 'licenses_used' } },
  });
  if (!data) throw new Error(`GET /organization answered ${response.status}: ${JSON.stringify(error)}`);
  return data.data
    .map((organization) => ({
      id: organization.id,
      name: organization.name,
      activeUsers: organization.licenses.active_users ?? 0,
      userLimit: organization.licenses.user_limit,
    }))
    .filter((usage) => usage.userLimit > 0 && usage.activeUsers >= usage.userLimit * share)
    .sort((a, b) => b.activeUsers / b.userLimit - a.activeUsers / a.userLimit);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const env = process.env;
  const token = await clientCredentialsToken(env.ISSUER ?? 'http://localhost:4011', {
    id: env.CLIENT_ID ?? 'meridian-cli',
    secret: env.CLIENT_SECRET ?? 'meridian-cli-local-secret',
  });
  const report = await organizationsNearTheirLimit(env.PLATFORM_URL ?? 'http://localhost:4010', token);
  for (const usage of report)
    console.info(`${usage.name} (${usage.id}): ${usage.activeUsers} of ${usage.userLimit} users`);
  if (report.length === 0) console.info('No organization is near its user limit.');
}
