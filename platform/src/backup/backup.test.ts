// Backups of the embedded database (issue 32): a snapshot taken by the running platform while writes go
// on, restored into a new directory with the same rows; damaged, foreign and misplaced restores refused;
// the daily rotated backups; the route refused to an Org Admin, and on PostgreSQL (answered in words).
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKUP_SHA256_HEADER } from '../contract/backup.js';
import { openPglite, type Database, type Queryable } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { POSTGRES_BACKUP_REFUSAL } from '../routes/backup.js';
import { startPlatform, type RunningPlatform } from '../server.js';
import { seedFixture } from '../test-support/fixture.js';
import { startTestPlatform, testConfig, type TestPlatform } from '../test-support/platform.js';
import { dailyBackupName, dailyBackupSettings, writeDailyBackup } from './daily.js';
import { downloadBackup, type BackupSource } from './download.js';
import { databaseDirOf, restoreBackup, RestoreRefused } from './restore.js';
import { tableSummaries } from '../stores/tables.js';

/** The suite runs on PGlite and again on PostgreSQL (TEST_DATABASE_URL), where the route refuses. */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

const temporaryDirs: string[] = [];
const temporaryDir = async (name: string) => {
  const dir = await mkdtemp(path.join(tmpdir(), `meridian-${name}-`));
  temporaryDirs.push(dir);
  return dir;
};
afterAll(async () => {
  for (const dir of temporaryDirs) await rm(dir, { recursive: true, force: true });
});

describe('POST /admin/backup on the test database', () => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startTestPlatform();
  });
  afterAll(() => platform.close());

  const post = async (email: string) =>
    platform.rest.inject({ method: 'POST', url: '/admin/backup', headers: await platform.auth(email) });

  it('is refused to an Org Admin, and records nothing', async () => {
    const before = await platform.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_events WHERE action = 'backup.create'`,
    );
    const refused = await post('orgadmin@acme.test');
    expect(refused.statusCode).toBe(403);
    const after = await platform.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_events WHERE action = 'backup.create'`,
    );
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });

  it(
    onPostgres
      ? 'answers 409 in words on PostgreSQL, which its own tools back up'
      : 'answers a system admin the embedded database as gzip, with its SHA-256',
    async () => {
      const answer = await post('admin@meridian.test');
      if (onPostgres) {
        expect(answer.statusCode).toBe(409);
        expect(answer.json()).toEqual({ conflicts: [{ message: POSTGRES_BACKUP_REFUSAL }] });
        return;
      }
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe('application/gzip');
      const body = answer.rawPayload;
      expect(body.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
      expect(answer.headers[BACKUP_SHA256_HEADER]).toBe(createHash('sha256').update(body).digest('hex'));
    },
  );
});

/** Every row of every table, as md5 of its text, counted: what "the same rows" compares. */
async function rowsOf(db: Queryable): Promise<Map<string, Map<string, number>>> {
  const tables = await tableSummaries(db);
  const all = new Map<string, Map<string, number>>();
  for (const { table } of tables) {
    const { rows } = await db.query<{ h: string }>(`SELECT md5(t::text) AS h FROM public."${table}" AS t`);
    const counted = new Map<string, number>();
    for (const { h } of rows) counted.set(h, (counted.get(h) ?? 0) + 1);
    all.set(table, counted);
  }
  return all;
}

/** Rows of `inner` missing from `outer`, per table ("table: n rows"); empty when inner ⊆ outer. */
function missingRows(inner: Map<string, Map<string, number>>, outer: Map<string, Map<string, number>>): string[] {
  const missing: string[] = [];
  for (const [table, rows] of inner) {
    let n = 0;
    for (const [h, count] of rows) n += Math.max(0, count - (outer.get(table)?.get(h) ?? 0));
    if (n > 0) missing.push(`${table}: ${n} rows`);
  }
  return missing;
}

/** The embedded product as `npm start` runs it, on PGlite under a temporary DATA_DIR (both passes). */
describe('the embedded database, backed up while the product runs', () => {
  let dataDir: string;
  let platform: RunningPlatform;
  let source: BackupSource;
  let token: string;

  beforeAll(async () => {
    dataDir = await temporaryDir('backup-live');
    const db = await openPglite(databaseDirOf(dataDir));
    await migrate(db);
    await seedFixture(db);
    await db.close();
    const config = testConfig({ dataDir, databaseUrl: undefined, host: '127.0.0.1', restPort: 0, oidcPort: 0 });
    platform = await startPlatform(config, { seed: false, logger: false });
    source = {
      apiUrl: platform.restUrl,
      issuer: platform.issuer,
      clientId: config.cliClientId,
      clientSecret: config.cliClientSecret,
    };
    const cli = await client.discovery(
      new URL(platform.issuer),
      config.cliClientId,
      config.cliClientSecret,
      undefined,
      {
        execute: [client.allowInsecureRequests],
      },
    );
    token = (await client.clientCredentialsGrant(cli, { scope: 'api_access' })).access_token;
  });
  afterAll(() => platform?.close());

  const createOrganization = async (id: string) => {
    const response = await fetch(`${platform.restUrl}/organization`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        id,
        name: `Backup Org ${id}`,
        domain: [`${id}.test`],
        primaryContact: { name: 'Pat', email: `pat@${id}.test` },
        customer_segment: 'employer',
        medicare_licensed: false,
      }),
    });
    expect(response.status, await response.text()).toBe(201);
  };

  it('restores into a new directory every row committed before the backup, and no row that never was', async () => {
    const created: string[] = [];
    let writing = true;
    // Organizations created through REST, one after another, before, during and after the backup.
    const writer = (async () => {
      for (let n = 0; writing; n++) {
        const id = `backup-org-${n}`;
        await createOrganization(id);
        created.push(id);
      }
    })();
    while (created.length < 3) await new Promise((resolve) => setTimeout(resolve, 20));

    const committedBefore = await rowsOf(platform.db);
    const createdBefore = created.length;
    const { body } = await downloadBackup(source);
    const createdDuring = created.length - createdBefore;
    // Writes went on while the platform took the snapshot (they wait their turn for PGlite, as queries).
    expect(createdDuring).toBeGreaterThan(0);
    while (created.length < createdBefore + createdDuring + 2) await new Promise((resolve) => setTimeout(resolve, 20));
    writing = false;
    await writer;
    const committedAfter = await rowsOf(platform.db);

    const file = path.join(await temporaryDir('backup-file'), 'meridian.tar.gz');
    await writeFile(file, body);
    const target = await temporaryDir('backup-restored');
    const restored = await restoreBackup(file, target);
    expect(restored.replacedDir).toBeNull();
    const db = await openPglite(databaseDirOf(target));
    try {
      const rows = await rowsOf(db);
      expect(missingRows(committedBefore, rows), 'rows committed before the backup started').toEqual([]);
      expect(missingRows(rows, committedAfter), 'rows the live database never had').toEqual([]);
      const organizations = await db.query<{ id: string }>(`SELECT id FROM organizations WHERE id LIKE 'backup-org-%'`);
      const ids = new Set(organizations.rows.map((r) => r.id));
      for (const id of created.slice(0, createdBefore)) expect(ids.has(id), id).toBe(true);
      // The writes after the backup are not in it: the snapshot is of one moment.
      expect(ids.size).toBeLessThan(created.length);
      expect(restored.tables).toEqual(await tableSummaries(db));
    } finally {
      await db.close();
    }
  });

  it('restores the same counts and checksums of every table when nothing writes', async () => {
    const live = await tableSummaries(platform.db);
    const { body } = await downloadBackup(source);
    const file = path.join(await temporaryDir('backup-quiet'), 'quiet.tar.gz');
    await writeFile(file, body);
    const target = await temporaryDir('backup-quiet-restored');
    const restored = await restoreBackup(file, target);
    expect(restored.tables).toEqual(live);
    expect(restored.tables.find((t) => t.table === 'organizations')!.rows).toBeGreaterThan(3);
    // The event of the backup is recorded once the snapshot is taken: in the live trail, not in the file.
    const events = await platform.db.query<{ details: { sha256: string } }>(
      `SELECT details FROM audit_events WHERE action = 'backup.create' ORDER BY id DESC LIMIT 1`,
    );
    expect(events.rows[0]!.details.sha256).toBe(createHash('sha256').update(body).digest('hex'));
  });

  it('refuses to restore into the data directory the running platform holds', async () => {
    const { body } = await downloadBackup(source);
    const file = path.join(await temporaryDir('backup-held'), 'held.tar.gz');
    await writeFile(file, body);
    await expect(restoreBackup(file, dataDir, { replace: true })).rejects.toThrow(
      /The platform \(process \d+\) has the embedded database .* open/,
    );
  });
});

describe('restoring a file', () => {
  let good: string;
  let goodBody: Buffer;
  beforeAll(async () => {
    const db = await openPglite();
    await migrate(db);
    await seedFixture(db);
    goodBody = Buffer.from(await (await db.dumpDataDir!()).arrayBuffer());
    await db.close();
    good = path.join(await temporaryDir('restore-files'), 'good.tar.gz');
    await writeFile(good, goodBody);
  });

  const refusedInto = async (file: string, pattern: RegExp) => {
    const target = await temporaryDir('restore-refused');
    const error = await restoreBackup(file, target).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RestoreRefused);
    expect((error as Error).message).toMatch(pattern);
    // Nothing under DATA_DIR changed: no database, no half-loaded directory.
    expect(await readdir(target)).toEqual([]);
  };

  it('refuses a damaged (cut short) file in words', async () => {
    const file = path.join(path.dirname(good), 'damaged.tar.gz');
    await writeFile(file, goodBody.subarray(0, Math.floor(goodBody.length / 2)));
    await refusedInto(file, /is not a Meridian backup: it is not a complete gzip file/);
  });

  it('refuses a file that is not gzip, and a gzip that is not a tarball', async () => {
    const text = path.join(path.dirname(good), 'notes.txt');
    await writeFile(text, 'not a backup');
    await refusedInto(text, /not a complete gzip file/);
    const gzip = path.join(path.dirname(good), 'notes.txt.gz');
    await writeFile(gzip, gzipSync(Buffer.from('not a tarball either'.repeat(100))));
    await refusedInto(gzip, /is gzip, but not a tarball/);
  });

  it('refuses a database that is not Meridian’s', async () => {
    const foreign = await openPglite();
    await foreign.exec('CREATE TABLE notes (id int PRIMARY KEY, body text)');
    const file = path.join(path.dirname(good), 'foreign.tar.gz');
    await writeFile(file, Buffer.from(await (await foreign.dumpDataDir!()).arrayBuffer()));
    await foreign.close();
    await refusedInto(
      file,
      /is not a Meridian backup: its database has no schema_migrations, organizations, users tables/,
    );
  });

  it('refuses a data directory holding a database unless told to replace it, then keeps the old one aside', async () => {
    const dataDir = await temporaryDir('restore-existing');
    const first = await restoreBackup(good, dataDir);
    const marker = path.join(first.databaseDir, 'marker-of-the-old-one');
    await writeFile(marker, 'old');
    await expect(restoreBackup(good, dataDir)).rejects.toThrow(/already holds a database.*--replace/);
    expect(await readFile(marker, 'utf8')).toBe('old');

    const now = new Date('2026-03-04T05:06:07.089Z');
    const replaced = await restoreBackup(good, dataDir, { replace: true, now });
    expect(replaced.replacedDir).toBe(`${databaseDirOf(dataDir)}.replaced-2026-03-04T05-06-07-089Z`);
    expect(await readFile(path.join(replaced.replacedDir!, 'marker-of-the-old-one'), 'utf8')).toBe('old');
    expect((await readdir(databaseDirOf(dataDir))).includes('marker-of-the-old-one')).toBe(false);
    const db = await openPglite(databaseDirOf(dataDir));
    try {
      expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM organizations')).rows[0]!.n).toBe(
        replaced.tables.find((t) => t.table === 'organizations')!.rows,
      );
    } finally {
      await db.close();
    }
  });
});

describe('daily backups', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openPglite();
    await migrate(db);
  });
  afterAll(() => db.close());

  const day = (n: number) => new Date(Date.UTC(2026, 0, n, 3, 0, 0));

  it('writes one a day and keeps the newest ones', async () => {
    const dir = path.join(await temporaryDir('daily'), 'backups');
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'my-own-copy.tar.gz'), 'kept');
    for (let n = 1; n <= 5; n++) {
      const result = await writeDailyBackup(db, dir, 3, day(n));
      expect(result.written).toBe(path.join(dir, `meridian-2026-01-0${n}.tar.gz`));
    }
    expect((await readdir(dir)).sort()).toEqual([
      'meridian-2026-01-03.tar.gz',
      'meridian-2026-01-04.tar.gz',
      'meridian-2026-01-05.tar.gz',
      'my-own-copy.tar.gz',
    ]);
    // A second run the same day writes nothing; no temporary file is left behind.
    expect(await writeDailyBackup(db, dir, 3, day(5))).toEqual({ written: null, removed: [] });
    const restored = await restoreBackup(
      path.join(dir, 'meridian-2026-01-05.tar.gz'),
      await temporaryDir('daily-restore'),
    );
    expect(restored.tables.map((t) => t.table)).toContain('organizations');
  });

  it('names a backup by its UTC day and reads BACKUPS and BACKUP_KEEP', () => {
    expect(dailyBackupName(new Date('2026-12-31T23:59:59Z'))).toBe('meridian-2026-12-31.tar.gz');
    expect(dailyBackupSettings({})).toEqual({ enabled: true, keep: 7 });
    expect(dailyBackupSettings({ BACKUPS: 'off', BACKUP_KEEP: '2' })).toEqual({ enabled: false, keep: 2 });
    expect(() => dailyBackupSettings({ BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP must be a whole number/);
  });
});
