import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

// PGlite does not stop a second process from opening its files, and two at once would corrupt them: the
// platform records its process id while it holds the embedded database, so tools (rotate-keys) refuse.
const pidFile = (dataDir: string) => path.join(dataDir, 'pglite.pid');

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The process holding the embedded database under dataDir, or null (a file left by a crash counts for nothing). */
export async function pgliteHolder(dataDir: string): Promise<number | null> {
  let pid: number;
  try {
    pid = Number((await readFile(pidFile(dataDir), 'utf8')).trim());
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  return Number.isInteger(pid) && pid > 0 && isRunning(pid) ? pid : null;
}

/** Records this process as the embedded database's holder; the returned function clears it. */
export async function holdPglite(dataDir: string): Promise<() => Promise<void>> {
  await mkdir(dataDir, { recursive: true });
  await writeFile(pidFile(dataDir), `${process.pid}\n`);
  return () => rm(pidFile(dataDir), { force: true });
}
