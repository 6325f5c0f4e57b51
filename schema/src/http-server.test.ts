import { createServer, type IncomingMessage, type Server } from 'node:http';
import { connect, createServer as createNetServer, type Socket } from 'node:net';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import {
  acceptQueueLength,
  bearerMatches,
  closeServer,
  drainOnClose,
  IDLE_CLOSE_DELAY_MS,
  listen,
  servedOverHttps,
} from './http-server.js';

let server: Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
  server = undefined;
});

/** A raw connection to `running` (listening on a free port), and all that arrives on it until it closes. */
async function connectionTo(running: Server): Promise<{ socket: Socket; answer: Promise<string> }> {
  const port = await listen(running, '127.0.0.1', 0);
  const accepted = once(running, 'connection');
  const socket = connect(port, '127.0.0.1');
  await Promise.all([once(socket, 'connect'), accepted]);
  return { socket, answer: received(socket) };
}

/** Sends a request on `socket` and waits until the server has it. */
async function sendRequest(running: Server, socket: Socket): Promise<void> {
  const arrived = once(running, 'request');
  socket.write('GET / HTTP/1.1\r\nhost: localhost\r\n\r\n');
  await arrived;
}

/** What arrives on `socket` until it closes. */
function received(socket: Socket): Promise<string> {
  let text = '';
  socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return new Promise((resolve) => socket.once('close', () => resolve(text)));
}

describe('a server stopping behind nginx', () => {
  it('listens on the port asked for, or a free one for 0', async () => {
    server = createServer((_req, res) => res.end('ok'));
    const port = await listen(server, '127.0.0.1', 0);
    expect(port).toBeGreaterThan(0);
    expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe('ok');
  });

  it('serves a request that arrives, while it stops, on a connection open just before', async () => {
    server = createServer((_req, res) => res.end('served'));
    drainOnClose(server);
    const { socket, answer } = await connectionTo(server);
    // A first request leaves the connection idle (kept alive): what Node's close() destroys at once.
    await sendRequest(server, socket);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const closed = closeServer(server);
    await new Promise((resolve) => setTimeout(resolve, IDLE_CLOSE_DELAY_MS / 4));
    socket.write('GET / HTTP/1.1\r\nhost: localhost\r\nconnection: close\r\n\r\n');
    expect((await answer).match(/HTTP\/1\.1 200 OK/g)).toHaveLength(2);
    await closed;
  });

  it('serves a connection the kernel accepted before close() but the process had not taken yet', async () => {
    server = createServer((_req, res) => res.end('served'));
    drainOnClose(server);
    const port = await listen(server, '127.0.0.1', 0);
    const socket = connect(port, '127.0.0.1');
    const answer = received(socket);
    // Node connects on its next tick; then, without a turn of the event loop, the handshake completes in
    // the kernel and waits in its queue.
    await new Promise((resolve) => process.nextTick(resolve));
    const until = Date.now() + 2_000;
    while (acceptQueueLength(port) === 0 && Date.now() < until);
    expect(acceptQueueLength(port)).toBe(1);
    const closed = closeServer(server);
    socket.on('connect', () => socket.write('GET / HTTP/1.1\r\nhost: localhost\r\nconnection: close\r\n\r\n'));
    // Node's own close() would reset it: the client would see ECONNRESET and nothing.
    expect(await answer).toMatch(/^HTTP\/1\.1 200 OK[\s\S]*served$/);
    await closed;
    expect(server.listening).toBe(false);
  });

  it("reads its own listener's queue behind hundreds of connections in the kernel's table", async () => {
    // The table is read only as far as the listening sockets, which come first; every connection of the
    // machine (here 300 to another server) comes after them and must change nothing.
    let accepted = 0;
    const other = createNetServer(() => accepted++);
    const otherPort = await listen(other, '127.0.0.1', 0);
    const clients = Array.from({ length: 300 }, () => connect(otherPort, '127.0.0.1'));
    await Promise.all(clients.map((client) => once(client, 'connect')));
    await expect.poll(() => accepted).toBe(300);
    server = createServer((_req, res) => res.end('served'));
    const port = await listen(server, '127.0.0.1', 0);
    const queued = connect(port, '127.0.0.1');
    await new Promise((resolve) => process.nextTick(resolve));
    const until = Date.now() + 2_000;
    while (acceptQueueLength(port) === 0 && Date.now() < until);
    expect(acceptQueueLength(port)).toBe(1);
    expect(acceptQueueLength(otherPort)).toBe(0);
    for (const client of [...clients, queued]) client.destroy();
    other.close();
  });

  it('cuts a request still running after the grace', async () => {
    server = createServer(() => undefined);
    const { socket, answer } = await connectionTo(server);
    await sendRequest(server, socket);
    const started = Date.now();
    await closeServer(server, 100);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await answer).toBe('');
  });
});

describe('servedOverHttps', () => {
  // What the check reads of a request: its socket (TLS or not) and its headers.
  const request = (headers: Record<string, string | string[]>, encrypted?: boolean) =>
    ({ socket: encrypted === undefined ? {} : { encrypted }, headers }) as unknown as IncomingMessage;

  it('is https over TLS, whatever the headers say', () => {
    expect(servedOverHttps(request({}, true), false)).toBe(true);
    expect(servedOverHttps(request({ 'x-forwarded-proto': 'http' }, true), true)).toBe(true);
  });

  it('believes X-Forwarded-Proto only behind the trusted proxy, and only its last entry', () => {
    expect(servedOverHttps(request({ 'x-forwarded-proto': 'https' }), false)).toBe(false);
    expect(servedOverHttps(request({ 'x-forwarded-proto': 'https' }), true)).toBe(true);
    expect(servedOverHttps(request({ 'x-forwarded-proto': 'HTTPS' }), true)).toBe(true);
    // The client wrote the first entry; the proxy appended the last.
    expect(servedOverHttps(request({ 'x-forwarded-proto': 'https, http' }), true)).toBe(false);
    expect(servedOverHttps(request({ 'x-forwarded-proto': 'http,https' }), true)).toBe(true);
    expect(servedOverHttps(request({}), true)).toBe(false);
  });
});

describe('bearerMatches', () => {
  it('accepts exactly the token, as a Bearer credential', () => {
    expect(bearerMatches('Bearer s3cret-token', 's3cret-token')).toBe(true);
    expect(bearerMatches('bearer s3cret-token', 's3cret-token')).toBe(true);
  });

  it('refuses another token, a prefix, another scheme, and nothing', () => {
    for (const header of [
      undefined,
      '',
      'Bearer',
      'Bearer ',
      'Bearer s3cret',
      'Bearer s3cret-token2',
      'Basic s3cret-token',
    ])
      expect(bearerMatches(header, 's3cret-token'), String(header)).toBe(false);
  });
});
