import { AUDIT_ACTIONS, type AuditAction } from './audit.js';
import { hasControlCharacters } from './validators.js';

/**
 * Webhooks (issue 32): an organization's endpoints that receive its audit events. The platform enforces
 * these rules; the console checks them before sending, in the same words. Whether an address is public
 * is the platform's to check (after DNS, at every delivery): the console cannot know.
 */
export const WEBHOOK_URL_MAX_LENGTH = 2000;
/** Endpoints per organization: each one is a stream of every event to send and retry. */
export const WEBHOOKS_PER_ORGANIZATION = 10;
/** The action of a test event ("Send test event"): not an audit action, never recorded in the trail. */
export const WEBHOOK_TEST_ACTION = 'webhook.test';

export const WEBHOOK_URL_REQUIRED = 'A URL is required';
export const WEBHOOK_URL_INVALID = 'Enter a full URL, such as https://siem.example.com/meridian';
export const WEBHOOK_URL_TOO_LONG = `At most ${WEBHOOK_URL_MAX_LENGTH} characters`;
export const WEBHOOK_URL_HTTPS = 'The URL must start with https://';
export const WEBHOOK_URL_CREDENTIALS =
  'Put no user name or password in the URL: the receiver verifies the signature instead';
export const WEBHOOK_URL_NOT_PUBLIC =
  'The URL must reach a public address: loopback, private and link-local addresses are refused';
export const WEBHOOK_EVENTS_EMPTY = 'Choose at least one event, or every event';
export const webhookEventUnknown = (name: string) => `“${name}” is not an audit action`;
export const WEBHOOK_LIMIT_REACHED = `An organization has at most ${WEBHOOKS_PER_ORGANIZATION} endpoints: delete one first`;

/**
 * What is wrong with an endpoint's URL, or null. `httpsOnly`: production's rule (http is allowed
 * elsewhere, for a receiver on a developer's machine).
 */
export function validateWebhookUrl(value: string, options: { httpsOnly: boolean }): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return WEBHOOK_URL_REQUIRED;
  if (trimmed.length > WEBHOOK_URL_MAX_LENGTH) return WEBHOOK_URL_TOO_LONG;
  if (hasControlCharacters(trimmed) || !URL.canParse(trimmed)) return WEBHOOK_URL_INVALID;
  const url = new URL(trimmed);
  if (url.protocol !== 'https:' && (options.httpsOnly || url.protocol !== 'http:'))
    return options.httpsOnly ? WEBHOOK_URL_HTTPS : WEBHOOK_URL_INVALID;
  if (url.username !== '' || url.password !== '') return WEBHOOK_URL_CREDENTIALS;
  return null;
}

export function isAuditActionName(value: string): value is AuditAction {
  return (AUDIT_ACTIONS as readonly string[]).includes(value);
}

/** What is wrong with an endpoint's events (null: every action), or null. */
export function validateWebhookEvents(events: readonly string[] | null): string | null {
  if (events === null) return null;
  if (events.length === 0) return WEBHOOK_EVENTS_EMPTY;
  const unknown = events.find((event) => !isAuditActionName(event));
  return unknown === undefined ? null : webhookEventUnknown(unknown);
}
