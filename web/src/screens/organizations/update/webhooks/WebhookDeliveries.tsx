import { Button, Callout, Classes, HTMLTable, Intent, NonIdealState, Tag } from '@blueprintjs/core';
import { RefreshIcon } from '@blueprintjs/icons';
import { useFreshQuery } from '../../../../apollo/useFreshQuery.js';
import { messageOfError } from '../../../../components/mutation-outcome.js';
import { formatDateTime } from '../../../../lib/dates.js';
import { actionLabel, DELIVERY_STATUS_TEXT } from './webhook-view.js';
import { OrganizationWebhookDeliveriesDocument } from './webhooks-query.js';

/** The latest deliveries a log shows. */
export const DELIVERY_LOG_SIZE = 20;

export interface WebhookDeliveriesProps {
  organizationId: string;
  webhookId: string;
  /** The endpoint's URL, in the table's name. */
  url: string;
}

const STATUS_INTENT: Readonly<Record<string, Intent>> = {
  DELIVERED: Intent.SUCCESS,
  PENDING: Intent.WARNING,
  FAILED: Intent.DANGER,
};

/**
 * One endpoint's delivery log, newest first: when, which action, how it stands, the attempts, the
 * endpoint's HTTP status, the latency and the error. It scrolls inside its own box on a narrow page.
 */
export function WebhookDeliveries({ organizationId, webhookId, url }: WebhookDeliveriesProps) {
  const { data, loading, error, refetch } = useFreshQuery(OrganizationWebhookDeliveriesDocument, {
    variables: { id: organizationId, first: DELIVERY_LOG_SIZE },
  });
  const deliveries = data?.organization?.webhooks.find((webhook) => webhook.id === webhookId)?.deliveries;
  const refresh = (
    <Button
      size="small"
      variant="minimal"
      icon={<RefreshIcon />}
      loading={loading}
      onClick={() => void refetch().catch(() => undefined)}
    >
      Refresh
    </Button>
  );

  if (!deliveries) {
    if (error !== undefined && !loading)
      return (
        <Callout intent={Intent.DANGER} title="The delivery log could not be loaded" compact>
          <p>{messageOfError(error)}</p>
          {refresh}
        </Callout>
      );
    return <div className={Classes.SKELETON} style={{ height: 80 }} aria-busy="true" />;
  }
  if (deliveries.length === 0)
    return (
      <NonIdealState
        title="No deliveries yet"
        description="Events appear here as they are sent; Send test event sends one now."
        action={refresh}
      />
    );
  return (
    <div className="meridian-webhook-log">
      <div className="meridian-webhook-log-toolbar">{refresh}</div>
      <div className="meridian-webhook-log-scroll">
        <HTMLTable compact striped aria-label={`Deliveries to ${url}`}>
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">Action</th>
              <th scope="col">Status</th>
              <th scope="col">Attempts</th>
              <th scope="col">HTTP</th>
              <th scope="col">Latency</th>
              <th scope="col">Error</th>
            </tr>
          </thead>
          <tbody>
            {deliveries.map((delivery) => (
              <tr key={delivery.id}>
                <td>{formatDateTime(delivery.lastAttemptAt ?? delivery.createdAt)}</td>
                <td title={delivery.messageId}>{actionLabel(delivery.action)}</td>
                <td className="meridian-webhook-log-short">
                  <Tag minimal intent={STATUS_INTENT[delivery.status] ?? Intent.NONE}>
                    {DELIVERY_STATUS_TEXT[delivery.status] ?? delivery.status}
                  </Tag>
                </td>
                <td className="meridian-webhook-log-short">{delivery.attempts}</td>
                <td className="meridian-webhook-log-short">{delivery.responseStatus ?? '—'}</td>
                <td className="meridian-webhook-log-short">
                  {delivery.latencyMs == null ? '—' : `${delivery.latencyMs} ms`}
                </td>
                <td className="meridian-webhook-log-error">
                  {delivery.error ?? ''}
                  {/* In the wrapping column, so a pending row keeps the short columns narrow. */}
                  {delivery.status === 'PENDING' && delivery.nextAttemptAt && (
                    <span className={Classes.TEXT_MUTED}> Next attempt {formatDateTime(delivery.nextAttemptAt)}.</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
    </div>
  );
}
