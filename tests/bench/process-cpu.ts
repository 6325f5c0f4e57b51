import { spawnSync } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';

/** Clock ticks per second of /proc/<pid>/stat: 100 on nearly every Linux, asked once. */
const clockTicks = (() => {
  const answer = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout);
  return Number.isFinite(answer) && answer > 0 ? answer : 100;
})();

/** CPU seconds `pid` has used so far, user and system. */
export async function cpuSecondsOf(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // The command name (2nd field) is in parentheses and may hold spaces; utime and stime are the 14th and 15th fields.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / clockTicks;
}

async function statusKilobytes(pid: number, field: string): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const match = new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(status);
  if (!match) throw new Error(`${field} missing from /proc/${pid}/status`);
  return Number(match[1]);
}

/** Resident memory of `pid` now, and the most it has held (VmRSS and VmHWM of /proc/<pid>/status). */
export async function memoryOf(pid: number): Promise<{ rssBytes: number; peakRssBytes: number }> {
  return {
    rssBytes: (await statusKilobytes(pid, 'VmRSS')) * 1024,
    peakRssBytes: (await statusKilobytes(pid, 'VmHWM')) * 1024,
  };
}

/** The parent of each running process, from /proc. */
async function parents(): Promise<Map<number, number>> {
  const byPid = new Map<number, number>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (stat) byPid.set(Number(entry), parent);
  }
  return byPid;
}

/** CPU seconds used so far by `pid` and every live process under it (nginx's workers, PostgreSQL's backends). */
export async function treeCpuSeconds(pid: number): Promise<number> {
  const byPid = await parents();
  const tree = new Set([pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [child, parent] of byPid)
      if (tree.has(parent) && !tree.has(child)) {
        tree.add(child);
        grew = true;
      }
  }
  let seconds = 0;
  for (const member of tree) seconds += await cpuSecondsOf(member).catch(() => 0);
  return seconds;
}
