// The PostgreSQL deployment is backed up with the database's own tools (README, Operations): a seeded
// database dumped with pg_dump -Fc and loaded with pg_restore into a new one holds the same rows.
import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { seedFixture } from '../test-support/fixture.js';
import { createPostgresDatabase } from '../test-support/platform.js';
import { tableSummaries } from '../stores/tables.js';

const run = promisify(execFile);
const adminUrl = process.env.TEST_DATABASE_URL!;

/** The client tools of the newest PostgreSQL installed (Debian keeps them under /usr/lib/postgresql/N/bin). */
function postgresTool(name: 'pg_dump' | 'pg_restore'): string {
  const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
  return path.join('/usr/lib/postgresql', versions[0]!, 'bin', name);
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('pg_dump and pg_restore', () => {
  it('carry a seeded database to a new one with the same counts and checksums of every table', async () => {
    const source = await createPostgresDatabase(adminUrl);
    cleanups.push(source.drop);
    const sourceDb = await openPostgres(source.url);
    cleanups.push(() => sourceDb.close());
    await migrate(sourceDb);
    await seedFixture(sourceDb);
    const seeded = await tableSummaries(sourceDb);
    expect(seeded.find((t) => t.table === 'users')!.rows).toBeGreaterThan(0);

    const dir = await mkdtemp(path.join(tmpdir(), 'meridian-pg-dump-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'meridian.dump');
    await run(postgresTool('pg_dump'), ['-Fc', '--file', file, source.url]);

    const target = await createPostgresDatabase(adminUrl);
    cleanups.push(target.drop);
    await run(postgresTool('pg_restore'), ['--no-owner', '--exit-on-error', '--dbname', target.url, file]);
    const targetDb = await openPostgres(target.url);
    cleanups.push(() => targetDb.close());
    expect(await tableSummaries(targetDb)).toEqual(seeded);
  });
});
