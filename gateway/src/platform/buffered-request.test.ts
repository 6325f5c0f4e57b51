// requestBuffered against a real HTTP server: whole answers, split characters, timeouts and cancellation.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Pool } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClientDisconnect } from '../http/client-disconnect.js';
import { requestBuffered } from './buffered-request.js';

let requests = 0;
const stalled: ServerResponse[] = [];
const server = createServer((req, res) => {
  requests += 1;
  if (req.url === '/split') {
    // "é" is two bytes in UTF-8: the first chunk ends between them.
    const bytes = Buffer.from('{"name":"José"}', 'utf8');
    const cut = bytes.indexOf(0xc3) + 1;
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.write(bytes.subarray(0, cut));
    setTimeout(() => res.end(bytes.subarray(cut)), 20);
    return;
  }
  if (req.url === '/stall') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{"partial":');
    stalled.push(res);
    return;
  }
  res.writeHead(404, { 'content-type': 'text/plain' }).end('no such thing');
});
let pool: Pool;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  pool = new Pool(`http://127.0.0.1:${port}`, { bodyTimeout: 300 });
});

afterAll(async () => {
  for (const res of stalled) res.destroy();
  await pool.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('requestBuffered', () => {
  it('reads an answer sent in pieces, a character split between them', async () => {
    const answer = await requestBuffered(pool, { method: 'GET', path: '/split' });
    expect(answer).toEqual({
      statusCode: 200,
      contentType: 'application/json; charset=utf-8',
      text: '{"name":"José"}',
    });
  });

  it('answers any status with its body', async () => {
    expect(await requestBuffered(pool, { method: 'GET', path: '/missing' })).toEqual({
      statusCode: 404,
      contentType: 'text/plain',
      text: 'no such thing',
    });
  });

  it("fails with undici's body timeout when the answer stalls", async () => {
    await expect(requestBuffered(pool, { method: 'GET', path: '/stall' })).rejects.toMatchObject({
      code: 'UND_ERR_BODY_TIMEOUT',
    });
  });

  it('is cancelled by its signal mid-answer, and never sent when cancelled before', async () => {
    // The response of a client that goes away: 'close' before its answer was written.
    let close = () => {};
    const res = { once: (_event: string, listener: () => void) => void (close = listener), writableFinished: false };
    const signal = new ClientDisconnect(res as unknown as ServerResponse, { info: () => {} } as never);
    const pending = requestBuffered(pool, { method: 'GET', path: '/stall' }, signal);
    setTimeout(() => close(), 50);
    await expect(pending).rejects.toMatchObject({ code: 'UND_ERR_ABORTED' });

    const sent = requests;
    await expect(requestBuffered(pool, { method: 'GET', path: '/split' }, signal)).rejects.toMatchObject({
      code: 'UND_ERR_ABORTED',
    });
    expect(requests).toBe(sent);
  });
});
