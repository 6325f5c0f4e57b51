import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { freePort } from '@meridian/platform/test-support';

/** Debian's redis-server (apt-get install redis-server; .ci/run and `npm test` install it). */
export const REDIS_SERVER = process.env.REDIS_SERVER_PATH ?? '/usr/bin/redis-server';

export interface RunningRedis {
  url: string;
  /** SIGKILL: Redis gone at once, as a crash would leave it. */
  kill(): Promise<void>;
}

const answersPing = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
  });

/** A throwaway Redis on a free port of 127.0.0.1, nothing saved to disk. */
export async function startRedis(): Promise<RunningRedis> {
  if (!existsSync(REDIS_SERVER)) {
    throw new Error(
      `These tests need Redis at ${REDIS_SERVER}: apt-get install -y redis-server, or set REDIS_SERVER_PATH.`,
    );
  }
  const port = await freePort();
  const child: ChildProcess = spawn(
    REDIS_SERVER,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  const deadline = Date.now() + 10_000;
  while (!(await answersPing(port))) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error('redis-server did not start');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url: `redis://127.0.0.1:${port}`,
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
