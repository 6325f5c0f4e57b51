import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { securityHeaders } from '../../../web/security-headers.js';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.ttf': 'font/ttf',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

export interface StaticServer {
  /** http://localhost:<port>: the console's origin as the browser, provider and gateway know it. */
  origin: string;
  close(): Promise<void>;
}

async function isFile(file: string): Promise<boolean> {
  return stat(file).then(
    (info) => info.isFile(),
    () => false,
  );
}

/** The console's security headers (web/security-headers.ts) for the config.json being served. */
async function consoleSecurityHeaders(root: string): Promise<Record<string, string>> {
  const config = JSON.parse(await readFile(path.join(root, 'config.json'), 'utf8')) as {
    gatewayUrl: string;
    oidc: { issuer: string };
  };
  return securityHeaders({ gatewayUrl: config.gatewayUrl, issuer: config.oidc.issuer });
}

/**
 * Serves a built single-page app the way its host does (nginx in deploy/): files as they are, and
 * index.html for any other path so the router decides (its 404 page included), with the console's
 * security headers (its Content-Security-Policy included). Missing assets (a path with an extension)
 * are real 404s, as a failed dynamic import must see.
 */
export async function serveStatic(root: string): Promise<StaticServer> {
  const server: Server = createServer((request, response) => {
    void (async () => {
      const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
      let file = path.join(root, path.normalize(pathname).replace(/^(\.\.[/\\])+/, ''));
      if (!file.startsWith(root)) return response.writeHead(403).end();
      if (!(await isFile(file))) {
        if (path.extname(pathname) !== '') return response.writeHead(404).end();
        file = path.join(root, 'index.html');
      }
      const type = CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream';
      // Hashed assets may be cached; the entry page and the runtime configuration never.
      const cache = file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-store';
      response.writeHead(200, {
        ...(await consoleSecurityHeaders(root)),
        'content-type': type,
        'cache-control': cache,
      });
      createReadStream(file).pipe(response);
    })().catch(() => {
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://localhost:${port}`,
    close: () =>
      new Promise((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
