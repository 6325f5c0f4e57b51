import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { once } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { freePort } from './ports.js';

const module = fileURLToPath(new URL('../../../scripts/free-port.mjs', import.meta.url));
const claims = path.join(os.tmpdir(), 'meridian-port-claims');
const COUNT = 1500;

/** Another process holding COUNT ports until its stdin ends. */
async function otherProcessHolding() {
  const child = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { freePort } from ${JSON.stringify(module)};
       const ports = [];
       for (let i = 0; i < ${COUNT}; i++) ports.push(await freePort());
       console.log(JSON.stringify(ports));
       process.stdin.resume();
       process.stdin.on('end', () => process.exit(0));`,
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const [line] = (await once(child.stdout, 'data')) as [Buffer];
  return { child, ports: JSON.parse(line.toString()) as number[] };
}

describe('freePort', () => {
  it('hands out ports below the kernel ephemeral range, which listen(0) and connect() never take', async () => {
    const ephemeralStart = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').split(/\s+/)[0]);
    const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
    for (const port of ports) expect(port).toBeLessThan(ephemeralStart);
    expect(new Set(ports).size).toBe(ports.length);
  });

  it('never hands out a port another live process holds, and a process that exits lets its ports go', async () => {
    const { child, ports: theirs } = await otherProcessHolding();
    const ours = new Set<number>();
    for (let i = 0; i < COUNT; i++) ours.add(await freePort());
    // Picked at random from ~22k ports, 1500 each would share ~100 without the claims.
    expect(theirs.filter((port) => ours.has(port))).toEqual([]);
    child.stdin.end();
    await once(child, 'exit');
    expect(theirs.filter((port) => existsSync(path.join(claims, String(port))))).toEqual([]);
  }, 60_000);
});
