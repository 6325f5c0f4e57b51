import { auditFieldLabel, SIGN_IN_FAILURE_REASONS } from './audit-fields.js';
import { signInMethodsText } from './sign-in-methods.js';

/**
 * The audit trail's vocabulary (issue 7), shared by the platform that records events, the gateway that
 * serves them and the console that shows them: the actions, what each means, and an event in words.
 */

/** Every action the platform records, in the order a person would look for them. */
export const AUDIT_ACTIONS = [
  'organization.create',
  'organization.update',
  'organization.onboard',
  'organization.deploy',
  'organization.activate',
  'organization.offboard',
  'organization.segment-switch',
  'organization.job-step',
  'organization.job-failed',
  'licenses.update',
  'user.create',
  'user.update',
  'user.role-change',
  'user.activate',
  'user.deactivate',
  'user.data-access',
  'invitation.send',
  'invitation.resend',
  'invitation.revoke',
  'credential.create',
  'credential.disable',
  'provider-links.upsert',
  'provider-links.remove',
  'password.reset-request',
  'password.create',
  'password.change',
  'password.reset-initiate',
  'sign-in',
  'sign-in.failed',
  'sign-in.locked',
  'mfa.enroll',
  'mfa.remove',
  'mfa.reset',
  'mfa.recovery-codes',
  'mfa.recovery-code-used',
  'session.revoke',
  'sso.set',
  'sso.remove',
  'scim-token.create',
  'scim-token.rotate',
  'scim-token.revoke',
  'backup.create',
  'webhook.create',
  'webhook.update',
  'webhook.pause',
  'webhook.resume',
  'webhook.rotate-secret',
  'webhook.delete',
  'webhook.failing',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an event is about (the platform's names; the GraphQL enum spells them in capitals). */
export const AUDIT_TARGET_TYPES = ['organization', 'user', 'credential', 'provider', 'provider-batch'] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** Each action's short name (a filter's option) and what it means. */
export const AUDIT_ACTION_INFO: Readonly<Record<AuditAction, { label: string; meaning: string }>> = {
  'organization.create': { label: 'Organization created', meaning: 'A new organization was added.' },
  'organization.update': {
    label: 'Organization updated',
    meaning: 'An organization’s settings changed (name, domain, contact, callback URLs, preferences).',
  },
  'organization.onboard': { label: 'Onboarding started', meaning: 'An organization’s onboarding job started.' },
  'organization.deploy': { label: 'Deployment started', meaning: 'An organization’s deployment job started.' },
  'organization.activate': { label: 'Organization activated', meaning: 'An organization was made active.' },
  'organization.offboard': { label: 'Offboarding started', meaning: 'An organization’s offboarding job started.' },
  'organization.segment-switch': {
    label: 'Customer segment switched',
    meaning: 'An organization moved to another customer segment.',
  },
  'organization.job-step': {
    label: 'Lifecycle step completed',
    meaning: 'A step of an onboarding, deployment or offboarding job completed; the event names the job and the step.',
  },
  'organization.job-failed': {
    label: 'Lifecycle job failed',
    meaning: 'An onboarding, deployment or offboarding job stopped at a failed step; the event names the step and why.',
  },
  'licenses.update': {
    label: 'Licenses changed',
    meaning: 'An organization’s user limit, Tableau licenses or licensed products changed.',
  },
  'user.create': { label: 'User created', meaning: 'A new user was added to an organization.' },
  'user.update': { label: 'User updated', meaning: 'A user’s name, alternate email or Tableau license changed.' },
  'user.role-change': { label: 'Role changed', meaning: 'A user was given another role.' },
  'user.activate': { label: 'User activated', meaning: 'A user may sign in again.' },
  'user.deactivate': { label: 'User deactivated', meaning: 'A user may no longer sign in.' },
  'user.data-access': {
    label: 'Direct data access changed',
    meaning: 'A user’s direct data access was turned on or off.',
  },
  'invitation.send': {
    label: 'Invitation sent',
    meaning: 'A user was created without a password and emailed a link to set one (valid 7 days).',
  },
  'invitation.resend': {
    label: 'Invitation resent',
    meaning: 'An invited user was emailed a new link; the earlier one stopped working.',
  },
  'invitation.revoke': {
    label: 'Invitation revoked',
    meaning: 'A pending invitation was withdrawn and the invited user removed.',
  },
  'credential.create': { label: 'Credential created', meaning: 'A data-access credential was issued to a user.' },
  'credential.disable': { label: 'Credential disabled', meaning: 'A data-access credential was disabled for good.' },
  'provider-links.upsert': {
    label: 'Provider links saved',
    meaning: 'Provider aliases or relationships were added or changed.',
  },
  'provider-links.remove': {
    label: 'Provider links removed',
    meaning: 'Provider aliases or relationships were removed.',
  },
  'password.reset-request': {
    label: 'Password reset requested',
    meaning: 'Someone asked for a password reset link (forgot password).',
  },
  'password.create': { label: 'Password set', meaning: 'A user set a new password with an emailed link.' },
  'password.change': { label: 'Password changed', meaning: 'A user changed their own password.' },
  'password.reset-initiate': {
    label: 'Password reset sent',
    meaning: 'An administrator emailed a user a link to set a new password.',
  },
  'sign-in': { label: 'Signed in', meaning: 'A user signed in.' },
  'sign-in.failed': { label: 'Sign-in failed', meaning: 'A sign-in was refused (wrong password, inactive user…).' },
  'sign-in.locked': { label: 'Sign-in locked', meaning: 'A sign-in was refused after too many failed attempts.' },
  'mfa.enroll': {
    label: 'Second factor added',
    meaning: 'A user added an authenticator app or a passkey to their sign-in.',
  },
  'mfa.remove': { label: 'Second factor removed', meaning: 'A user removed an authenticator app or a passkey.' },
  'mfa.reset': {
    label: 'Second factors reset',
    meaning: 'An administrator removed every second factor of a user, who enrolls again at their next sign-in.',
  },
  'mfa.recovery-codes': {
    label: 'Recovery codes issued',
    meaning: 'A user was given ten new recovery codes; the earlier ones stopped working.',
  },
  'mfa.recovery-code-used': {
    label: 'Recovery code used',
    meaning: 'A user signed in with one of their single-use recovery codes.',
  },
  'session.revoke': {
    label: 'Sessions ended',
    meaning: 'Sign-in sessions were ended (signed out everywhere, one session, or on deactivation or a reset).',
  },
  'sso.set': {
    label: 'Single sign-on set',
    meaning: 'An organization’s identity provider connection (OIDC or SAML) was set or changed.',
  },
  'sso.remove': {
    label: 'Single sign-on removed',
    meaning: 'An organization’s identity provider connection was removed; its people use passwords again.',
  },
  'scim-token.create': {
    label: 'Provisioning token created',
    meaning: 'A SCIM token was created: the organization’s directory may now create, change and remove its users.',
  },
  'scim-token.rotate': {
    label: 'Provisioning token rotated',
    meaning: 'A SCIM token was replaced by a new one under the same label; the old one stopped working.',
  },
  'scim-token.revoke': {
    label: 'Provisioning token revoked',
    meaning: 'A SCIM token was revoked: the directory using it can no longer reach the organization’s users.',
  },
  'backup.create': {
    label: 'Backup taken',
    meaning:
      'A snapshot of the whole embedded database was downloaded (npm run backup); the event gives its size and SHA-256.',
  },
  'webhook.create': {
    label: 'Webhook added',
    meaning: 'An endpoint was added: the organization’s audit events are now sent to it as they happen.',
  },
  'webhook.update': {
    label: 'Webhook changed',
    meaning: 'An endpoint’s URL or the events it receives changed.',
  },
  'webhook.pause': { label: 'Webhook paused', meaning: 'An administrator paused an endpoint; its events are kept.' },
  'webhook.resume': {
    label: 'Webhook resumed',
    meaning: 'An endpoint was resumed: the events kept while it was paused are sent first, in order.',
  },
  'webhook.rotate-secret': {
    label: 'Webhook secret rotated',
    meaning: 'An endpoint’s signing secret was replaced; the old one also signs for 24 hours.',
  },
  'webhook.delete': {
    label: 'Webhook deleted',
    meaning: 'An endpoint was removed, with the events it had not received.',
  },
  'webhook.failing': {
    label: 'Webhook paused (failing)',
    meaning: 'The platform paused an endpoint whose deliveries had failed for a day; its events are kept.',
  },
};

/** The areas actions belong to, by the prefix of their name (`user.create` → user), with their words. */
export const AUDIT_AREA_LABELS: Readonly<Record<string, string>> = {
  organization: 'Organizations',
  licenses: 'Licenses',
  user: 'Users',
  invitation: 'Invitations',
  credential: 'Credentials',
  'provider-links': 'Managed providers',
  password: 'Passwords',
  'sign-in': 'Sign-in',
  mfa: 'Second factors',
  session: 'Sessions',
  sso: 'Single sign-on',
  'scim-token': 'Provisioning',
  backup: 'Backups',
  webhook: 'Webhooks',
};

/** An action's area: the part of its name before the first dot ('sign-in' and 'sign-in.failed' alike). */
export const auditAreaOf = (action: string): string => action.split('.')[0]!;

export interface AuditActionGroup {
  area: string;
  label: string;
  actions: AuditAction[];
}

/**
 * The actions grouped by area, in AUDIT_ACTIONS' order (a picker's groups, a filter's optgroups). An
 * area without words reads as its prefix, so a new one is never left out.
 */
export function auditActionGroups(actions: readonly AuditAction[] = AUDIT_ACTIONS): AuditActionGroup[] {
  const groups = new Map<string, AuditActionGroup>();
  for (const action of actions) {
    const area = auditAreaOf(action);
    const group = groups.get(area) ?? { area, label: AUDIT_AREA_LABELS[area] ?? area, actions: [] };
    group.actions.push(action);
    groups.set(area, group);
  }
  return [...groups.values()];
}

export function isAuditAction(value: string): value is AuditAction {
  return (AUDIT_ACTIONS as readonly string[]).includes(value);
}

/**
 * The parts of an event its sentence needs. Both shapes fit: the platform's (actorKind 'user', values
 * as stored, details an object) and the gateway's (actorKind 'USER', values as text, details a list of
 * {name, value}).
 */
export interface AuditEventWords {
  actor: string;
  actorName?: string | null;
  actorKind: string;
  action: string;
  organizationId?: string | null;
  targetId?: string | null;
  changes: readonly { field: string; before?: unknown; after?: unknown }[];
  details?: Record<string, unknown> | readonly { name: string; value: unknown }[] | null;
}

/** A detail's value whichever shape carries it (the gateway's values are text: JSON for non-strings). */
function detailOf(event: AuditEventWords, name: string): unknown {
  const { details } = event;
  if (!details) return undefined;
  if (!Array.isArray(details)) return (details as Record<string, unknown>)[name];
  const entry = (details as readonly { name: string; value: unknown }[]).find((detail) => detail.name === name);
  return entry?.value;
}

/** A value as text, so `false` and the gateway's "false" read alike. */
const textOf = (value: unknown): string | undefined =>
  value === undefined || value === null ? undefined : typeof value === 'string' ? value : JSON.stringify(value);

const kindOf = (event: AuditEventWords) => event.actorKind.toLowerCase();

function actorOf(event: AuditEventWords): string {
  if (kindOf(event) === 'client') return `${event.actor} (internal tool)`;
  if (kindOf(event) === 'connection') return event.actorName ?? `${event.actor} (single sign-on)`;
  if (kindOf(event) === 'directory') return event.actorName ?? `${event.actor} (directory provisioning)`;
  return event.actorName ?? event.actor;
}

const targetOf = (event: AuditEventWords) => event.targetId ?? 'an unknown target';

/** A token's label from the event's details: " (Entra ID)". */
function urlOf(event: AuditEventWords): string {
  const url = textOf(detailOf(event, 'url'));
  return url ? ` (${url})` : '';
}

function labelOf(event: AuditEventWords): string {
  const label = textOf(detailOf(event, 'label'));
  return label ? ` (${label})` : '';
}

/** The fields a change touched, for updates, by their words: " (name, direct data access)". */
function fieldsOf(event: AuditEventWords): string {
  const fields = event.changes.map((change) => lowerFirst(auditFieldLabel(change.field)));
  return fields.length > 0 ? ` (${fields.join(', ')})` : '';
}

/** "Direct data access" → "direct data access"; names ("Tableau license", "BI portal URL") keep their capitals. */
function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) && !/^(Tableau|Medicare)\b/.test(text)
    ? text.charAt(0).toLowerCase() + text.slice(1)
    : text;
}

/** A list detail whichever shape carries it: the platform's array, or the gateway's JSON text of it. */
function parsedList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value !== 'string' || !value.startsWith('[')) return [];
  try {
    const list = JSON.parse(value) as unknown;
    return Array.isArray(list) ? list.map(String) : [];
  } catch {
    return [];
  }
}

/** The `reason` detail of what offboarding ends at its start: sessions, credentials, SCIM tokens. */
export const OFFBOARDING_REASON = 'offboarding';

/** What offboarding ended (a credential, sessions, a token) says so: ", offboarding its organization". */
const offboardingOf = (event: AuditEventWords) =>
  textOf(detailOf(event, 'reason')) === OFFBOARDING_REASON ? ', offboarding its organization' : '';

const changeOf = (event: AuditEventWords, field: string) => event.changes.find((change) => change.field === field);

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "2 provider aliases" / "1 provider relationship", from a bulk call's kind and the links it changed. */
function linksOf(event: AuditEventWords): string {
  return textOf(detailOf(event, 'kind')) === 'provider_relationship'
    ? plural(event.changes.length, 'provider relationship', 'provider relationships')
    : plural(event.changes.length, 'provider alias', 'provider aliases');
}

/** The method of a single sign-on attempt, as its sentence names it. */
const SSO_METHODS: Readonly<Record<string, string>> = { oidc: 'OpenID Connect', saml: 'SAML' };

/** What the provider itself said, or what did not verify: " (access_denied: …)", " (Requester)", " (signature)". */
function providerSaid(event: AuditEventWords): string {
  const code = textOf(detailOf(event, 'idpError')) ?? textOf(detailOf(event, 'samlStatus'));
  const description = textOf(detailOf(event, 'idpErrorDescription')) ?? textOf(detailOf(event, 'samlStatusMessage'));
  const said = code ? `${code}${description ? `: ${description}` : ''}` : textOf(detailOf(event, 'refusal'));
  return said ? ` (${said})` : '';
}

type Phrase = (event: AuditEventWords) => string;

const FACTORS: Readonly<Record<string, string>> = { totp: 'an authenticator app', passkey: 'a passkey' };
const factorOf = (event: AuditEventWords) => FACTORS[textOf(detailOf(event, 'kind')) ?? ''] ?? 'a second factor';

/** Whole sentences of calls made without signing in: there is nobody to name as the actor. */
const ANONYMOUS_SENTENCES: Readonly<Record<string, Phrase>> = {
  'sign-in.failed': (e) => {
    const reason = SIGN_IN_FAILURE_REASONS[textOf(detailOf(e, 'reason')) ?? ''];
    const method = SSO_METHODS[textOf(detailOf(e, 'method')) ?? ''];
    const how = method ? ` through single sign-on (${method})` : '';
    return `A sign-in as ${e.actor}${how} failed${reason ? `: ${reason}${providerSaid(e)}` : ''}`;
  },
  'sign-in.locked': (e) => `A sign-in as ${e.actor} was refused: too many failed attempts`,
  'password.reset-request': (e) =>
    `A password reset link was requested for ${targetOf(e)}${textOf(detailOf(e, 'linkSent')) === 'false' ? ' (no link sent)' : ''}`,
};

/** What each action reads as after its actor. */
const PHRASES: Readonly<Record<AuditAction, Phrase>> = {
  'organization.create': (e) => `created organization ${targetOf(e)}`,
  'organization.update': (e) => `updated organization ${targetOf(e)}${fieldsOf(e)}`,
  'organization.onboard': (e) => `started onboarding of ${targetOf(e)}`,
  'organization.deploy': (e) => `started deployment of ${targetOf(e)}`,
  'organization.activate': (e) => `activated organization ${targetOf(e)}`,
  'organization.offboard': (e) => `started offboarding of ${targetOf(e)}`,
  'organization.segment-switch': (e) => `switched the customer segment of ${targetOf(e)}`,
  // Recorded in the name of whoever started the job: each step and a failure are outcomes of their move.
  'organization.job-step': (e) =>
    `started the ${textOf(detailOf(e, 'job')) ?? 'lifecycle job'} of ${targetOf(e)}, whose step “${textOf(detailOf(e, 'step')) ?? ''}” completed`,
  'organization.job-failed': (e) => {
    const step = textOf(detailOf(e, 'step'));
    const reason = textOf(detailOf(e, 'reason'));
    return `started the ${textOf(detailOf(e, 'job')) ?? 'lifecycle job'} of ${targetOf(e)}, which failed${step ? ` at “${step}”` : ''}${reason ? `: ${reason}` : ''}`;
  },
  'licenses.update': (e) => `changed the licenses of ${targetOf(e)}${fieldsOf(e)}`,
  'user.create': (e) => {
    const domains = textOf(detailOf(e, 'outsideDomains'));
    return `created user ${targetOf(e)}${domains ? `, confirmed outside the email domains (${domains})` : ''}`;
  },
  'user.update': (e) => `updated user ${targetOf(e)}${fieldsOf(e)}`,
  'user.role-change': (e) => `changed the role of ${targetOf(e)}`,
  'user.activate': (e) => `activated ${targetOf(e)}`,
  'user.deactivate': (e) => `deactivated ${targetOf(e)}`,
  'user.data-access': (e) =>
    `turned direct data access ${textOf(changeOf(e, 'direct_data_access_enabled')?.after) === 'false' ? 'off' : 'on'} for ${targetOf(e)}`,
  'invitation.send': (e) => `invited ${targetOf(e)}`,
  'invitation.resend': (e) => `sent a new invitation to ${targetOf(e)}`,
  'invitation.revoke': (e) => `revoked the invitation of ${targetOf(e)}`,
  'credential.create': (e) => {
    const owner = textOf(changeOf(e, 'userEmail')?.after);
    return `created credential ${targetOf(e)}${owner ? ` for ${owner}` : ''}`;
  },
  'credential.disable': (e) => `disabled credential ${targetOf(e)}${offboardingOf(e)}`,
  'provider-links.upsert': (e) => `saved ${linksOf(e)} of ${e.organizationId ?? 'an organization'}`,
  'provider-links.remove': (e) => `removed ${linksOf(e)} of ${e.organizationId ?? 'an organization'}`,
  'password.reset-request': (e) => `asked for a password reset link for ${targetOf(e)}`,
  'password.create': () => 'set a new password with an emailed link',
  'password.change': () => 'changed their password',
  'password.reset-initiate': (e) => `sent a password reset link to ${targetOf(e)}`,
  'sign-in': (e) => {
    const methods = parsedList(detailOf(e, 'methods'));
    return methods.length > 0 ? `signed in with ${lowerFirst(signInMethodsText(methods))}` : 'signed in';
  },
  'sign-in.failed': (e) => `failed to sign in as ${targetOf(e)}`,
  'sign-in.locked': (e) => `was refused signing in as ${targetOf(e)}: too many failed attempts`,
  'mfa.enroll': (e) => `added ${factorOf(e)} to the sign-in of ${targetOf(e)}`,
  'mfa.remove': (e) => `removed ${factorOf(e)} from the sign-in of ${targetOf(e)}`,
  'mfa.reset': (e) => `reset the second factors of ${targetOf(e)}`,
  'mfa.recovery-codes': (e) => `issued new recovery codes to ${targetOf(e)}`,
  'mfa.recovery-code-used': () => 'signed in with a recovery code',
  'session.revoke': (e) => {
    const count = Number(textOf(detailOf(e, 'count')) ?? 1);
    return `ended ${plural(count, 'sign-in session', 'sign-in sessions')} of ${targetOf(e)}${offboardingOf(e)}`;
  },
  'sso.set': (e) => `set the single sign-on of ${targetOf(e)}${fieldsOf(e)}`,
  'sso.remove': (e) => `removed the single sign-on of ${targetOf(e)}`,
  'scim-token.create': (e) => `created a provisioning token for ${targetOf(e)}${labelOf(e)}`,
  'scim-token.rotate': (e) => `rotated a provisioning token of ${targetOf(e)}${labelOf(e)}`,
  'scim-token.revoke': (e) => `revoked a provisioning token of ${targetOf(e)}${labelOf(e)}${offboardingOf(e)}`,
  'backup.create': () => 'downloaded a backup of the embedded database',
  'webhook.create': (e) => `added a webhook to ${targetOf(e)}${urlOf(e)}`,
  'webhook.update': (e) => `changed a webhook of ${targetOf(e)}${urlOf(e)}`,
  'webhook.pause': (e) => `paused a webhook of ${targetOf(e)}${urlOf(e)}`,
  'webhook.resume': (e) => `resumed a webhook of ${targetOf(e)}${urlOf(e)}`,
  'webhook.rotate-secret': (e) => `rotated the signing secret of a webhook of ${targetOf(e)}${urlOf(e)}`,
  'webhook.delete': (e) => `deleted a webhook of ${targetOf(e)}${urlOf(e)}`,
  'webhook.failing': (e) => `paused a webhook of ${targetOf(e)}${urlOf(e)}: its deliveries failed for a day`,
};

/**
 * An audit event in words, for lists and exports: "A. Operator deactivated j.doe@acme.test". The actor
 * is named by the name they had when they acted (else their email, or the client id of an internal
 * tool); the target by its id. An action this version does not know still reads as a sentence.
 */
export function describeAuditEvent(event: AuditEventWords): string {
  const anonymous = ANONYMOUS_SENTENCES[event.action];
  if (kindOf(event) === 'anonymous' && anonymous) return anonymous(event);
  const phrase = isAuditAction(event.action)
    ? PHRASES[event.action](event)
    : `did ${event.action} to ${targetOf(event)}`;
  return `${actorOf(event)} ${phrase}`;
}
