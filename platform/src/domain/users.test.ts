// The user service holds the role-grant rule itself (issue 28): a caller of updateUser or createUser
// other than the REST route (a bulk action, a job, SCIM) cannot grant a role above the caller's own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beyondGrantRefusal, roleGrantRefusal, type Role } from '@meridian/schema';
import { authorize } from '../http/access.js';
import { startTestPlatform, type TestPlatform } from '../test-support/platform.js';
import { InvalidFields } from './errors.js';
import { createUser, findUser, setUserActive, updateUser, type UserCaller } from './users.js';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform.close());

/** A signed-in user as the route hands them to the service: their permission check and audit source. */
function userCaller(email: string, role: Role, organizationId: string): UserCaller {
  const caller = { kind: 'user', subject: email, role, organizationId } as const;
  return {
    caller,
    guard: (operation, target) => authorize(caller, operation, target),
    source: { actor: { id: email, kind: 'user', role, organizationId }, origin: { requestId: null, clientIp: null } },
  };
}

/** The field problems a service call was refused with (InvalidFields), or a failure if it was not. */
async function refusedFields(work: Promise<unknown>) {
  const error = await work.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(InvalidFields);
  return (error as InvalidFields).details;
}

const PRODUCT = 'Meridian';
const acmeAdmin = () => userCaller('orgadmin@acme.test', 'orgAdmin', 'acme');

describe('updateUser', () => {
  it('refuses a role the caller may not grant, in the words the console shows', async () => {
    const details = await refusedFields(
      updateUser(platform.db, acmeAdmin(), 'user@acme.test', 'acme', { role: 'systemAdmin' }, PRODUCT),
    );
    expect(details).toEqual([{ param: 'role', msg: roleGrantRefusal('orgAdmin', 'systemAdmin', PRODUCT) }]);
    expect(details[0]!.msg).toBe('You can grant only these roles: Org Admin, Org User.');
    expect((await findUser(platform.db, 'user@acme.test'))!.role).toBe('orgUser');
  });

  it('refuses every role to a caller who grants none', async () => {
    const viewer = userCaller('viewer@meridian.test', 'systemViewer', 'meridian');
    const details = await refusedFields(
      updateUser(platform.db, viewer, 'user@acme.test', 'acme', { role: 'orgAdmin' }, PRODUCT),
    );
    expect(details).toEqual([{ param: 'role', msg: 'You cannot grant roles.' }]);
  });

  it('refuses changing the role of a user above the caller’s grant', async () => {
    await platform.db.query(
      `INSERT INTO users (email, organization_id, name, password_hash, role) VALUES ('ops@meridian.test', 'meridian', 'Ops', 'x', 'orgAdmin')`,
    );
    const operatorsAdmin = userCaller('ops@meridian.test', 'orgAdmin', 'meridian');
    const target = (await findUser(platform.db, 'admin@meridian.test'))!;
    const details = await refusedFields(
      updateUser(platform.db, operatorsAdmin, 'admin@meridian.test', 'meridian', { role: 'orgUser' }, PRODUCT),
    );
    expect(details).toEqual([{ param: 'role', msg: beyondGrantRefusal('orgAdmin', target, PRODUCT, 'role') }]);
    expect(details[0]!.msg).toBe('You cannot change the role of a Meridian Admin.');
    await expect(
      setUserActive(platform.db, operatorsAdmin, 'admin@meridian.test', false, PRODUCT, 'meridian'),
    ).rejects.toMatchObject({ kind: 'forbidden', message: 'You cannot deactivate a Meridian Admin.' });
  });

  it('grants a role the caller may grant', async () => {
    const updated = await updateUser(platform.db, acmeAdmin(), 'user@acme.test', 'acme', { role: 'orgAdmin' }, PRODUCT);
    expect(updated.role).toBe('orgAdmin');
  });
});

describe('createUser', () => {
  it('refuses a role the caller may not grant, in the same words', async () => {
    const details = await refusedFields(
      createUser(
        platform.db,
        acmeAdmin(),
        'acme',
        { email: 'granted@acme.test', name: 'Granted', role: 'systemViewer' },
        platform.config,
      ),
    );
    expect(details).toEqual([{ param: 'role', msg: roleGrantRefusal('orgAdmin', 'systemViewer', PRODUCT) }]);
    expect(await findUser(platform.db, 'granted@acme.test')).toBeUndefined();
  });
});
