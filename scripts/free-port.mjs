// A port for a part that must be told its address before it starts (a replica, nginx's upstreams, a
// gateway under test). Asking the kernel (listen on port 0, then close) is not enough: the port is free
// again the moment the probe closes, and until the part binds it, any process's own listen(0) or
// outgoing connection may take it (a cluster's gateway once found its port taken by another test's
// server and failed for 120 s). So the port comes from below the kernel's ephemeral range, where neither
// listen(0) nor connect() hands out ports, and is claimed across processes by an exclusive file naming
// the claimant, dropped when it exits.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

const CLAIMS = path.join(os.tmpdir(), 'meridian-port-claims');
const LOWEST = 10_000;
/** Ports this process claimed: released at its exit. */
const claimed = new Set();

process.once('exit', () => {
  for (const port of claimed) rmSync(path.join(CLAIMS, String(port)), { force: true });
});

/** The first port of the kernel's ephemeral range (Linux's default when it cannot be read). */
function ephemeralStart() {
  try {
    return Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
  } catch {
    return 32_768;
  }
}

/** @param {number} pid */
function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return /** @type {NodeJS.ErrnoException} */ (error).code === 'EPERM';
  }
}

/**
 * Claims `port` for this process: true unless another live process holds its claim. A dead process's
 * claim is removed but the port is not taken this time, so two processes clearing it at once cannot
 * both end up holding it.
 * @param {number} port
 */
function claim(port) {
  const file = path.join(CLAIMS, String(port));
  try {
    writeFileSync(file, String(process.pid), { flag: 'wx' });
    claimed.add(port);
    return true;
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') throw error;
    const holder = Number(readFileSync(file, 'utf8'));
    if (holder && !alive(holder)) rmSync(file, { force: true });
    return false;
  }
}

/** @param {number} port */
function bindable(port) {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/**
 * A port nothing listens on now and no other caller of freePort holds.
 * @returns {Promise<number>}
 */
export async function freePort() {
  mkdirSync(CLAIMS, { recursive: true });
  const span = ephemeralStart() - LOWEST;
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = LOWEST + Math.floor(Math.random() * span);
    if (claimed.has(port) || !claim(port)) continue;
    if (await bindable(port)) return port;
  }
  throw new Error(`No free port between ${LOWEST} and ${LOWEST + span} after 200 tries`);
}
