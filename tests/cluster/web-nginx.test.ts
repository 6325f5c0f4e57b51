import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clusterPrograms } from '../../scripts/cluster/topology.mjs';
import { freePort } from '../../scripts/free-port.mjs';
import { STRICT_TRANSPORT_SECURITY } from '@meridian/schema';
import { nginxSecurityHeadersTemplate, securityHeaders } from '../../web/security-headers.js';
import { repoRoot } from '../e2e/support/paths.js';

const GATEWAY_URL = 'https://api.meridian.example/graphql';
const OIDC_ISSUER = 'https://id.meridian.example';
const HEADERS_FILE = '/etc/nginx/meridian/security-headers.conf';

const repoFile = (file: string) => readFile(path.join(repoRoot, file), 'utf8');

/**
 * Issue 16: the console's container serves it with the same security headers as `npm start` and the
 * browser tests (web/security-headers.ts). deploy/web-nginx.conf runs here in Debian's nginx, with the
 * header lines the image writes, filled in as deploy/web-config.sh fills them in at container start.
 */
describe("the console's nginx (deploy/web-nginx.conf)", () => {
  let dir: string;
  let nginx: ChildProcess;
  let origin: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'meridian-web-nginx-'));
    // As root, nginx's workers run as nobody: they must reach the files.
    await chmod(dir, 0o755);
    const html = path.join(dir, 'html');
    await mkdir(path.join(html, 'assets'), { recursive: true });
    await writeFile(path.join(html, 'index.html'), '<!doctype html><title>console</title>');
    await writeFile(path.join(html, 'config.json'), '{}');
    await writeFile(path.join(html, 'assets', 'app-1234.js'), 'export {};');
    // envsubst '${GATEWAY_URL} ${OIDC_ISSUER}', as web-config.sh runs it.
    const headers = nginxSecurityHeadersTemplate()
      .replaceAll('${GATEWAY_URL}', GATEWAY_URL)
      .replaceAll('${OIDC_ISSUER}', OIDC_ISSUER);
    await writeFile(path.join(dir, 'security-headers.conf'), headers);
    const port = await freePort();
    const site = (await repoFile('deploy/web-nginx.conf'))
      .replace('listen 8080;', `listen 127.0.0.1:${port};`)
      .replace('root /usr/share/nginx/html;', `root ${html};`)
      .replaceAll(HEADERS_FILE, path.join(dir, 'security-headers.conf'));
    await writeFile(path.join(dir, 'site.conf'), site);
    await mkdir(path.join(dir, 'temp'));
    await chmod(path.join(dir, 'temp'), 0o777);
    const temp = (name: string) => `${name}_temp_path ${path.join(dir, 'temp', name)};`;
    await writeFile(
      path.join(dir, 'nginx.conf'),
      `pid ${path.join(dir, 'nginx.pid')}; error_log stderr warn; events {}
       http { access_log off; ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join(' ')}
              include ${path.join(dir, 'site.conf')}; }\n`,
    );
    nginx = spawn(
      clusterPrograms().nginx,
      ['-e', 'stderr', '-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let errors = '';
    nginx.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    origin = `http://127.0.0.1:${port}`;
    for (let attempt = 0; ; attempt++) {
      if (
        await fetch(origin).then(
          () => true,
          () => false,
        )
      )
        break;
      if (attempt > 100 || nginx.exitCode !== null) throw new Error(`nginx did not start: ${errors}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  afterAll(async () => {
    nginx?.kill('SIGTERM');
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('sends the security headers of web/security-headers.ts on every path, naming the configured gateway and issuer', async () => {
    const expected = securityHeaders({ gatewayUrl: GATEWAY_URL, issuer: OIDC_ISSUER });
    expect(expected['Content-Security-Policy']).toContain(`connect-src 'self' ${GATEWAY_URL} ${OIDC_ISSUER}`);
    for (const where of ['/', '/admin/org-management/acme-health', '/config.json', '/assets/app-1234.js']) {
      const response = await fetch(`${origin}${where}`);
      expect(response.status, where).toBe(200);
      for (const [name, value] of Object.entries(expected))
        expect(response.headers.get(name), `${where}: ${name}`).toBe(value);
    }
  });

  it('sends HSTS on answers the load balancer says came over https, and none on plain http (issue 39 §2)', async () => {
    const expected = securityHeaders({ gatewayUrl: GATEWAY_URL, issuer: OIDC_ISSUER }, { https: true });
    expect(expected['Strict-Transport-Security']).toBe(STRICT_TRANSPORT_SECURITY);
    for (const where of ['/', '/admin/org-management/acme-health', '/config.json', '/assets/app-1234.js']) {
      const https = await fetch(`${origin}${where}`, { headers: { 'x-forwarded-proto': 'https' } });
      expect(https.status, where).toBe(200);
      for (const [name, value] of Object.entries(expected))
        expect(https.headers.get(name), `${where} over https: ${name}`).toBe(value);
      for (const plain of [{}, { 'x-forwarded-proto': 'http' }] as Record<string, string>[]) {
        const response = await fetch(`${origin}${where}`, { headers: plain });
        expect(response.headers.get('strict-transport-security'), `${where} over http`).toBeNull();
      }
    }
  });

  it('is what the image does: the headers written at build, filled in with exactly the gateway and issuer at start', async () => {
    expect(await repoFile('deploy/web.Dockerfile')).toContain(
      'pnpm exec tsx web/scripts/print-nginx-security-headers.ts > security-headers.conf.template',
    );
    const script = await repoFile('deploy/web-config.sh');
    expect(script).toMatch(/envsubst '\$\{GATEWAY_URL\} \$\{OIDC_ISSUER\}' <"\$headers_template" >"\$headers_target"/);
    expect(script).toContain(`headers_target="\${MERIDIAN_HEADERS_TARGET:-${HEADERS_FILE}}"`);
    // nginx does not inherit add_header into a location with its own: each includes the headers.
    const site = await repoFile('deploy/web-nginx.conf');
    const locations = site.split(/\n\s*location /).slice(1);
    expect(locations).toHaveLength(3);
    for (const location of locations) expect(location).toContain(`include ${HEADERS_FILE};`);
  });
});
