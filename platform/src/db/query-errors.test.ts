import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loggableError, logFailure } from '../observability/error-log.js';
import { openTestDatabase } from '../test-support/platform.js';
import type { Database } from './database.js';
import { QueryFailed, messageWithoutValues, statementLabel } from './query-errors.js';

// A failed statement never brings its SQL or values to a log (issue 39 §6), on PGlite and, with
// TEST_DATABASE_URL, on PostgreSQL: the drivers' errors differ (PGlite's carry `query` and `params`).

const SECRET = 'sk_live_4eC39HqLyjWDarjtT1zdp7dc';
let db: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await openTestDatabase());
  await db.exec('CREATE TABLE keys (id uuid PRIMARY KEY, label text NOT NULL UNIQUE)');
});
afterAll(() => drop());

async function failure(run: () => Promise<unknown>): Promise<QueryFailed> {
  const error: unknown = await run().then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(QueryFailed);
  return error as QueryFailed;
}

describe('a failed statement', () => {
  it('is a QueryFailed naming the statement, its message without the value it refused', async () => {
    const error = await failure(() => db.query('SELECT label FROM keys WHERE id = $1::uuid', [SECRET]));
    expect(error.statement).toBe('SELECT keys');
    expect(error.code).toBe('22P02');
    expect(error.message).toBe('SELECT keys failed: invalid input syntax for type uuid: $1');
    expect(JSON.stringify(loggableError(error))).not.toContain(SECRET);
  });

  it('keeps nothing of the driver’s detail (the duplicate row), in a transaction too', async () => {
    const id = '6f1c1a38-3a4f-4a3d-9b1e-2b8f6f0c2d11';
    await db.query('INSERT INTO keys (id, label) VALUES ($1, $2)', [id, SECRET]);
    const error = await failure(() =>
      db.transaction((tx) =>
        tx.query('INSERT INTO keys (id, label) VALUES ($1, $2)', ['7f1c1a38-3a4f-4a3d-9b1e-2b8f6f0c2d11', SECRET]),
      ),
    );
    expect(error).toMatchObject({ statement: 'INSERT keys', code: '23505', constraint: 'keys_label_key' });
    const logged = loggableError(error);
    expect(Object.keys(logged).sort()).toEqual([
      'code',
      'constraint',
      'message',
      'stack',
      'statement',
      'table',
      'type',
    ]);
    expect(JSON.stringify(logged)).not.toContain(SECRET);
    expect(JSON.stringify(logged)).not.toContain('VALUES');
  });

  it('is written by logFailure (the sweepers’ lines) without SQL or values', async () => {
    const error = await failure(() => db.query('UPDATE keys SET label = $2 WHERE id = $1', [SECRET, 'x']));
    const printed = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      logFailure('Refreshing organization jobs failed', error);
      const line = printed.mock.calls.map((call) => call.join(' ')).join('\n');
      expect(line).toMatch(/^Refreshing organization jobs failed: QueryFailed: UPDATE keys failed: /);
      expect(line).toContain('"code":"22P02"');
      expect(line).not.toContain(SECRET);
      expect(line).not.toContain('SET label');
    } finally {
      printed.mockRestore();
    }
  });
});

describe('the serializer', () => {
  it('copies only kind, message, stack and the kept fields of any error, causes included', () => {
    const driver = Object.assign(new Error('boom'), {
      query: `SELECT * FROM users WHERE email = '${SECRET}'`,
      params: [SECRET],
      detail: `Key (email)=(${SECRET}) already exists.`,
      where: 'PL/pgSQL function',
      code: '23505',
    });
    const logged = loggableError(new Error('wrapped', { cause: driver }));
    expect(logged.cause).toMatchObject({ type: 'Error', message: 'boom', code: '23505' });
    expect(JSON.stringify(logged)).not.toContain(SECRET);
    expect(JSON.stringify(logged)).not.toContain('PL/pgSQL');
  });

  it('labels statements by their first keyword and table', () => {
    expect(statementLabel('  insert INTO login_failures (email) VALUES ($1)')).toBe('INSERT login_failures');
    expect(statementLabel('DELETE FROM sessions WHERE sid = $1')).toBe('DELETE sessions');
    expect(statementLabel('WITH moved AS (UPDATE users SET role = $2 RETURNING *) SELECT 1')).toBe('WITH users');
    expect(statementLabel('SELECT 1')).toBe('SELECT');
    expect(messageWithoutValues('value "99999999999" is out of range for type integer')).toBe(
      'value … is out of range for type integer',
    );
  });
});
