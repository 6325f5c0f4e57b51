import { Button, Callout, Card, Classes, Intent, Tag } from '@blueprintjs/core';
import { formatDate } from '../../../../lib/dates.js';
import type { MutationOutcome } from '../../../../components/mutation-outcome.js';
import type { TestDelivery } from './useTestWebhook.js';
import { WebhookDeliveries } from './WebhookDeliveries.js';
import { deliveryOutcome, eventsText, failingWarning, isFailing, statusText, type WebhookRow } from './webhook-view.js';

export interface WebhookCardProps {
  organizationId: string;
  webhook: WebhookRow;
  /** The reader may see the endpoint and its log but not act on it: only the log's button shows. */
  readOnly: boolean;
  /** A pause, resume or test of this endpoint is under way. */
  busy: boolean;
  /** How the last test event went, or null before any. */
  testOutcome: MutationOutcome<TestDelivery> | null;
  /** Whether its delivery log shows. */
  logOpen: boolean;
  onTest: () => void;
  onEdit: () => void;
  onPauseOrResume: () => void;
  onRotate: () => void;
  onDelete: () => void;
  onToggleLog: () => void;
}

/** The words of a test event's outcome, and how it looks. */
function testCallout(outcome: MutationOutcome<TestDelivery>): { intent: Intent; text: string } {
  if (!outcome.ok)
    return { intent: Intent.DANGER, text: outcome.formError ?? Object.values(outcome.fieldErrors).join(' ') };
  const delivered = outcome.value.status === 'DELIVERED';
  return { intent: delivered ? Intent.SUCCESS : Intent.DANGER, text: `Test event: ${deliveryOutcome(outcome.value)}` };
}

/**
 * One endpoint: where it sends, which events, its state and the events waiting, the warning of a failing
 * one in words, its actions, the last test's outcome and its delivery log. A card rather than a table
 * row: the actions wrap and the URL is cut within the card, so it fits an 800 px window.
 */
export function WebhookCard({
  organizationId,
  webhook,
  readOnly,
  busy,
  testOutcome,
  logOpen,
  onTest,
  onEdit,
  onPauseOrResume,
  onRotate,
  onDelete,
  onToggleLog,
}: WebhookCardProps) {
  const active = webhook.status === 'ACTIVE';
  const test = testOutcome ? testCallout(testOutcome) : null;
  return (
    <Card className="meridian-webhook-card" aria-label={webhook.url} role="article">
      <div className="meridian-webhook-card-header">
        <code className="meridian-cell-truncate" title={webhook.url} tabIndex={0}>
          {webhook.url}
        </code>
        <Tag minimal intent={active ? Intent.SUCCESS : Intent.WARNING}>
          {statusText(webhook)}
        </Tag>
      </div>
      <dl className="meridian-webhook-facts">
        <dt>Events</dt>
        <dd>{eventsText(webhook.events)}</dd>
        <dt>Waiting</dt>
        <dd>{webhook.pendingCount === 1 ? '1 event pending' : `${webhook.pendingCount} events pending`}</dd>
        <dt>Added</dt>
        <dd className={Classes.TEXT_MUTED}>
          {formatDate(webhook.createdAt)} by {webhook.createdBy}
        </dd>
      </dl>
      {isFailing(webhook) && (
        <Callout intent={Intent.WARNING} title="Paused: deliveries failed" compact>
          {failingWarning(webhook.url)}
        </Callout>
      )}
      <div role="status">
        {test && (
          <Callout intent={test.intent} compact>
            {test.text}
          </Callout>
        )}
      </div>
      <div className="meridian-webhook-actions">
        {!readOnly && (
          <>
            <Button size="small" variant="outlined" loading={busy} onClick={onTest}>
              Send test event
            </Button>
            <Button size="small" variant="outlined" onClick={onEdit}>
              Edit
            </Button>
            <Button
              size="small"
              variant="outlined"
              intent={active ? Intent.NONE : Intent.PRIMARY}
              disabled={busy}
              onClick={onPauseOrResume}
            >
              {active ? 'Pause' : 'Resume'}
            </Button>
            <Button size="small" variant="outlined" onClick={onRotate}>
              Rotate secret
            </Button>
            <Button size="small" variant="outlined" intent={Intent.DANGER} onClick={onDelete}>
              Delete
            </Button>
          </>
        )}
        <Button size="small" variant="minimal" aria-expanded={logOpen} onClick={onToggleLog}>
          {logOpen ? 'Hide delivery log' : 'Delivery log'}
        </Button>
      </div>
      {logOpen && <WebhookDeliveries organizationId={organizationId} webhookId={webhook.id} url={webhook.url} />}
    </Card>
  );
}
