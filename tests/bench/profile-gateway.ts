// Where the gateway spends its CPU on one query: starts the platform (PGlite, small seed) and the
// compiled gateway under `node --cpu-prof`, loads `organization(id)` at one connection, stops the
// gateway (which writes its profile) and prints the functions with the most self time.
//   pnpm --filter @meridian/tests exec tsx --conditions=source bench/profile-gateway.ts [seconds]
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { loadConfig, startPlatform } from '@meridian/platform';
import { clientCredentialsToken } from '../internal-tool/client-credentials.js';
import { NO_RATE_LIMIT, benchGatewayEnv, buildGateway, startBuiltGateway } from './gateway-process.js';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
}

/** The package a script belongs to (`graphql`, `@apollo/server`, `gateway`), or `node` for Node's own. */
function packageOf(file: string): string {
  const dependency = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(?!.*node_modules\/)/.exec(file);
  if (dependency) return dependency[1]!;
  if (file.includes('/gateway/')) return 'gateway';
  return file === '' ? '(native)' : 'node';
}

/**
 * Self time while busy (idle excluded), largest first, as shares: by function (name and place) and by
 * package.
 */
export function selfTime(profile: CpuProfile, count: number) {
  const busy = (node: ProfileNode) => node.callFrame.functionName !== '(idle)';
  const total = profile.nodes.filter(busy).reduce((sum, node) => sum + (node.hitCount ?? 0), 0);
  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  for (const node of profile.nodes.filter(busy)) {
    const { functionName, url, lineNumber } = node.callFrame;
    const file = url.replace(/^file:\/\//, '');
    const short = file
      .replace(/^.*node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?/, '')
      .replace(/^.*\/gateway\//, 'gateway/');
    const where = `${functionName || '(anonymous)'} ${short ? `${short}:${lineNumber + 1}` : ''}`;
    byFunction.set(where, (byFunction.get(where) ?? 0) + (node.hitCount ?? 0));
    const owner = packageOf(file);
    byPackage.set(owner, (byPackage.get(owner) ?? 0) + (node.hitCount ?? 0));
  }
  const ranked = (counts: Map<string, number>) =>
    [...counts]
      .map(([where, hits]) => ({ where, share: hits / total }))
      .sort((a, b) => b.share - a.share)
      .slice(0, count);
  return { functions: ranked(byFunction), packages: ranked(byPackage) };
}

/** The bench's organization(id) query (gateway-section.ts), on the demo seed's organization. */
const ORGANIZATION_QUERY = '{ organization(id: "acme-health") { id name status licenses { userLimit activeUsers } } }';
const seconds = Number(process.argv[2] ?? 10);
const config = loadConfig({ APP_ENV: 'testing', LOG_LEVEL: 'silent', PLATFORM_PORT: '0', OIDC_PORT: '0' });
const platform = await startPlatform(config, { logger: false });
const profileDir = mkdtempSync(path.join(os.tmpdir(), 'gateway-profile-'));
buildGateway();
const gateway = await startBuiltGateway(benchGatewayEnv(platform, NO_RATE_LIMIT), [
  '--cpu-prof',
  `--cpu-prof-dir=${profileDir}`,
]);
try {
  const token = await clientCredentialsToken(platform.issuer, {
    id: config.cliClientId,
    secret: config.cliClientSecret,
  });
  const request = {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ query: ORGANIZATION_QUERY }),
  } as const;
  // GraphQL answers a failed resolver with 200 too: the profile must be of answers with data.
  const probe = (await (await fetch(`${gateway.origin}/graphql`, request)).json()) as { errors?: unknown };
  if (probe.errors) throw new Error(`The query failed: ${JSON.stringify(probe.errors)}`);
  const result = await autocannon({ url: `${gateway.origin}/graphql`, ...request, connections: 1, duration: seconds });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${result.non2xx} non-2xx answers, ${result.errors} errors`);
  console.info(`${result.requests.total} requests, ${result.requests.average} req/s at one connection`);
} finally {
  await gateway.close();
  await platform.close();
}
const file = readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile'));
if (!file) throw new Error(`No profile in ${profileDir}`);
const profile = JSON.parse(readFileSync(path.join(profileDir, file), 'utf8')) as CpuProfile;
const { functions, packages } = selfTime(profile, 25);
const line = ({ share, where }: { share: number; where: string }) =>
  console.info(`${(share * 100).toFixed(1).padStart(5)} %  ${where}`);
console.info(`Profile: ${path.join(profileDir, file)}\nSelf time while busy, by package:`);
packages.forEach(line);
console.info('By function:');
functions.forEach(line);
