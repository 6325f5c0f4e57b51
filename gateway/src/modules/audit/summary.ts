import type { RestAuditEvent } from './platform.js';

/**
 * An audit event in words, for lists and exports: "Ada Admin deactivated user@acme.test". The actor is
 * named by the name they had when they acted; the target by its id (an email, an organization id).
 */
export function summaryOf(event: RestAuditEvent): string {
  const anonymous = ANONYMOUS_SENTENCES[event.action];
  if (event.actorKind === 'anonymous' && anonymous) return anonymous(event);
  const phrase = PHRASES[event.action]?.(event) ?? `did ${event.action} to ${targetOf(event)}`;
  return `${actorOf(event)} ${phrase}`;
}

function actorOf(event: RestAuditEvent): string {
  if (event.actorKind === 'client') return `${event.actor} (internal tool)`;
  return event.actorName ?? event.actor;
}

const targetOf = (event: RestAuditEvent) => event.targetId ?? 'an unknown target';

/** The fields a change touched, for updates: " (name, domain)". */
function fieldsOf(event: RestAuditEvent): string {
  return event.changes.length > 0 ? ` (${event.changes.map((change) => change.field).join(', ')})` : '';
}

const changeOf = (event: RestAuditEvent, field: string) => event.changes.find((change) => change.field === field);

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "2 provider aliases" / "1 provider relationship", from a bulk call's kind and the links it changed. */
function linksOf(event: RestAuditEvent): string {
  const relationship = event.details?.kind === 'provider_relationship';
  return relationship
    ? plural(event.changes.length, 'provider relationship', 'provider relationships')
    : plural(event.changes.length, 'provider alias', 'provider aliases');
}

const REASONS: Record<string, string> = {
  'invalid-credentials': 'wrong email or password',
  inactive: 'the user is inactive',
  'password-expired': 'the password has expired',
};

const ANONYMOUS_SENTENCES: Record<string, (event: RestAuditEvent) => string> = {
  'sign-in.failed': (e) => {
    const reason = REASONS[String(e.details?.reason)];
    return `A sign-in as ${e.actor} failed${reason ? `: ${reason}` : ''}`;
  },
  'sign-in.locked': (e) => `A sign-in as ${e.actor} was refused: too many failed attempts`,
  'password.reset-request': (e) =>
    `A password reset link was requested for ${targetOf(e)}${e.details?.linkSent === false ? ' (no link sent)' : ''}`,
};

/** What each action reads as after its actor. */
const PHRASES: Record<string, (event: RestAuditEvent) => string> = {
  'organization.create': (e) => `created organization ${targetOf(e)}`,
  'organization.update': (e) => `updated organization ${targetOf(e)}${fieldsOf(e)}`,
  'organization.onboard': (e) => `started onboarding of ${targetOf(e)}`,
  'organization.deploy': (e) => `started deployment of ${targetOf(e)}`,
  'organization.activate': (e) => `activated organization ${targetOf(e)}`,
  'organization.offboard': (e) => `started offboarding of ${targetOf(e)}`,
  'organization.segment-switch': (e) => `switched the customer segment of ${targetOf(e)}`,
  'licenses.update': (e) => `changed the licenses of ${targetOf(e)}${fieldsOf(e)}`,
  'user.create': (e) => `created user ${targetOf(e)}`,
  'user.update': (e) => `updated user ${targetOf(e)}${fieldsOf(e)}`,
  'user.role-change': (e) => `changed the role of ${targetOf(e)}`,
  'user.activate': (e) => `activated ${targetOf(e)}`,
  'user.deactivate': (e) => `deactivated ${targetOf(e)}`,
  'user.data-access': (e) =>
    `turned direct data access ${changeOf(e, 'direct_data_access_enabled')?.after === false ? 'off' : 'on'} for ${targetOf(e)}`,
  'credential.create': (e) => {
    const owner = changeOf(e, 'userEmail')?.after;
    return `created credential ${targetOf(e)}${typeof owner === 'string' ? ` for ${owner}` : ''}`;
  },
  'credential.disable': (e) => `disabled credential ${targetOf(e)}`,
  'provider-links.upsert': (e) => `saved ${linksOf(e)} of ${e.organizationId ?? 'an organization'}`,
  'provider-links.remove': (e) => `removed ${linksOf(e)} of ${e.organizationId ?? 'an organization'}`,
  'password.reset-request': (e) => `asked for a password reset link for ${targetOf(e)}`,
  'password.create': () => 'set a new password with an emailed link',
  'password.change': () => 'changed their password',
  'password.reset-initiate': (e) => `sent a password reset link to ${targetOf(e)}`,
  'sign-in': () => 'signed in',
  'sign-in.failed': (e) => `failed to sign in as ${targetOf(e)}`,
  'sign-in.locked': (e) => `was refused signing in as ${targetOf(e)}: too many failed attempts`,
};
