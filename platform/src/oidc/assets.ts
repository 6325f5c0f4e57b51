import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The provider's scripts, served from its own origin (the pages' CSP: script-src 'self'): ours in
 * src/oidc/assets/, and @simplewebauthn/browser's bundle as published. Each URL carries a hash of the
 * file, so a browser may keep it for a year and still gets a new file the moment it changes.
 */

const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ownAsset = (name: string) => path.join(packageRoot, 'src/oidc/assets', name);
const webAuthnBundle = () => {
  // The package's exports list no bundle: find its folder from its main module.
  const main = createRequire(import.meta.url).resolve('@simplewebauthn/browser');
  return path.join(main.slice(0, main.lastIndexOf(`${path.sep}script${path.sep}`)), 'dist/bundle/index.umd.min.js');
};

const FILES = {
  'webauthn.js': webAuthnBundle,
  'passkey.js': () => ownAsset('passkey.js'),
  'logout.js': () => ownAsset('logout.js'),
  'recovery-codes.js': () => ownAsset('recovery-codes.js'),
} as const;

export type AssetName = keyof typeof FILES;

interface Asset {
  body: Buffer;
  version: string;
}

const loaded = new Map<AssetName, Asset>();

function assetOf(name: AssetName): Asset {
  let asset = loaded.get(name);
  if (!asset) {
    const body = readFileSync(FILES[name]());
    asset = { body, version: createHash('sha256').update(body).digest('base64url').slice(0, 12) };
    loaded.set(name, asset);
  }
  return asset;
}

const isAssetName = (name: string): name is AssetName => Object.hasOwn(FILES, name);

/** The URL a page names an asset by (under the issuer's path, as every provider page). */
export function assetUrl(issuer: string, name: AssetName): string {
  return `${new URL(issuer).pathname.replace(/\/$/, '')}/assets/${name}?v=${assetOf(name).version}`;
}

/** The names an asset URL may have (routes.ts); any other path is not ours. */
export const ASSET_NAME = '[a-z0-9.-]{1,64}';

/** GET (or HEAD) /assets/:name: the script, or 404 for a name that is none of ours. */
export function serveAsset(request: FastifyRequest<{ Params: { name: string } }>, reply: FastifyReply): void {
  const { name } = request.params;
  if (!isAssetName(name)) {
    void reply.code(404).headers({ 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' });
    void reply.send('Not found');
    return;
  }
  const asset = assetOf(name);
  const current = new URL(request.url, 'http://local').searchParams.get('v') === asset.version;
  void reply.headers({
    'content-type': 'text/javascript; charset=utf-8',
    'content-length': asset.body.length,
    // A versioned URL never changes; an unversioned one is checked each time.
    'cache-control': current ? 'public, max-age=31536000, immutable' : 'no-cache',
    etag: `"${asset.version}"`,
    'x-content-type-options': 'nosniff',
    'cross-origin-resource-policy': 'same-origin',
  });
  void reply.send(request.method === 'HEAD' ? undefined : asset.body);
}
