import { Button, Classes, Intent, NonIdealState } from '@blueprintjs/core';
import { PlusIcon, SendMessageIcon } from '@blueprintjs/icons';
import { useState } from 'react';
import { WEBHOOKS_PER_ORGANIZATION } from '@meridian/schema';
import { useFreshQuery } from '../../../../apollo/useFreshQuery.js';
import { ConfirmDialog } from '../../../../components/ConfirmDialog.js';
import { failureMessage, type MutationOutcome } from '../../../../components/mutation-outcome.js';
import { SecretDialog } from '../../../../components/SecretDialog.js';
import { useToasts } from '../../../../components/toasts/useToasts.js';
import { SettingsSection } from '../SettingsSection.js';
import { useCreateWebhook, type WebhookTarget } from './useCreateWebhook.js';
import { useDeleteWebhook } from './useDeleteWebhook.js';
import { usePauseWebhook } from './usePauseWebhook.js';
import { useRotateWebhookSecret } from './useRotateWebhookSecret.js';
import { useTestWebhook, type TestDelivery } from './useTestWebhook.js';
import { useUpdateWebhook } from './useUpdateWebhook.js';
import { WebhookCard } from './WebhookCard.js';
import { WebhookDialog } from './WebhookDialog.js';
import type { NewWebhookSecret } from './webhook-secret.js';
import type { WebhookRow } from './webhook-view.js';
import { OrganizationWebhooksDocument } from './webhooks-query.js';
import './webhooks.css';

export interface WebhooksSectionProps {
  organizationId: string;
  /** Why the reader may see the endpoints but not add, change, test or delete them; null when they may. */
  readOnlyReason: string | null;
}

/** The form dialog: adding an endpoint, or editing one. */
type Editing = { webhook: WebhookRow | null };

/**
 * The organization's webhooks (issue 32): endpoints its audit events are sent to as they happen, signed
 * per Standard Webhooks. A new endpoint's signing secret (and a rotated one) shows once, in the console's
 * secret dialog, and is kept nowhere; an endpoint the platform paused after a day of failures says so here
 * in words (and on the tab's title). Shown to whoever the table's webhooks allows (whoever reads the
 * organization), with its delivery logs; its actions only to those createWebhook allows (operators and
 * the organization's Org Admins): a read-only operator sees the endpoints without them.
 */
export function WebhooksSection({ organizationId, readOnlyReason }: WebhooksSectionProps) {
  const readOnly = readOnlyReason !== null;
  const toasts = useToasts();
  const { data, loading, error, refetch } = useFreshQuery(OrganizationWebhooksDocument, {
    variables: { id: organizationId },
  });
  const [create, creating] = useCreateWebhook();
  const [update, updating] = useUpdateWebhook();
  const { pause, resume } = usePauseWebhook();
  const [rotate, rotating] = useRotateWebhookSecret();
  const [remove, removing] = useDeleteWebhook();
  const [test] = useTestWebhook();
  const [editing, setEditing] = useState<Editing | null>(null);
  // The secret lives here, in component state, until the dialog closes.
  const [shown, setShown] = useState<NewWebhookSecret | null>(null);
  const [toRotate, setToRotate] = useState<WebhookRow | null>(null);
  const [toDelete, setToDelete] = useState<WebhookRow | null>(null);
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [tests, setTests] = useState<Readonly<Record<string, MutationOutcome<TestDelivery>>>>({});
  const [logs, setLogs] = useState<ReadonlySet<string>>(new Set());
  const organization = data?.organization;
  const name = organization?.name ?? organizationId;
  const atLimit = (organization?.webhooks.length ?? 0) >= WEBHOOKS_PER_ORGANIZATION;

  /** Runs an endpoint's action with its buttons marked busy meanwhile. */
  const whileBusy = async <T,>(id: string, work: () => Promise<T>): Promise<T> => {
    setBusy((current) => new Set(current).add(id));
    try {
      return await work();
    } finally {
      setBusy((current) => {
        const next = new Set(current);
        next.delete(id);
        return next;
      });
    }
  };

  const save = async (target: WebhookTarget) => {
    const webhook = editing?.webhook;
    if (!webhook) {
      const outcome = await create(organizationId, target);
      // A refusal stays in the form, next to the field it names.
      if (outcome.ok) {
        setEditing(null);
        setShown(outcome.value);
      }
      return outcome;
    }
    const outcome = await update(organizationId, webhook.id, target);
    if (outcome.ok) {
      setEditing(null);
      toasts.show({ type: 'success', message: `Webhook ${target.url} saved.` });
    }
    return outcome;
  };

  const pauseOrResume = (webhook: WebhookRow) =>
    void whileBusy(webhook.id, async () => {
      const paused = webhook.status === 'ACTIVE';
      const outcome = await (paused ? pause : resume)(organizationId, webhook.id);
      if (outcome.ok)
        toasts.show({ type: 'success', message: `Webhook ${webhook.url} ${paused ? 'paused' : 'resumed'}.` });
      else toasts.show({ type: 'error', message: failureMessage(outcome) });
    });

  const sendTest = (webhook: WebhookRow) =>
    void whileBusy(webhook.id, async () => {
      const outcome = await test(organizationId, webhook.id);
      setTests((current) => ({ ...current, [webhook.id]: outcome }));
    });

  const toggleLog = (id: string) =>
    setLogs((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const confirmRotate = async () => {
    if (!toRotate) return;
    const outcome = await rotate(organizationId, toRotate.id);
    setToRotate(null);
    if (outcome.ok) setShown(outcome.value);
    else toasts.show({ type: 'error', message: failureMessage(outcome) });
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    const outcome = await remove(organizationId, toDelete.id);
    if (outcome.ok) toasts.show({ type: 'success', message: `Webhook ${toDelete.url} deleted.` });
    else toasts.show({ type: 'error', message: failureMessage(outcome) });
    setToDelete(null);
  };

  const action = !readOnly && (
    <Button
      intent={Intent.PRIMARY}
      icon={<PlusIcon />}
      disabled={!organization || atLimit}
      title={atLimit ? `At most ${WEBHOOKS_PER_ORGANIZATION} endpoints: delete one first.` : undefined}
      onClick={() => setEditing({ webhook: null })}
    >
      Add endpoint
    </Button>
  );

  return (
    <SettingsSection
      id="webhooks"
      title="Webhooks"
      action={action}
      intro={
        <>
          Each audit event of {name} is sent to these endpoints as JSON, signed per the Standard Webhooks specification
          (webhook-id, webhook-timestamp, webhook-signature), at least once and in order. Failed deliveries are retried
          for a day; then the endpoint is paused and its events are kept until it is resumed.
        </>
      }
      query={{ loaded: Boolean(organization), loading, error, refetch }}
      failedTitle="The webhooks could not be loaded"
      skeleton={<div className={Classes.SKELETON} style={{ height: 160 }} />}
      list={
        organization &&
        (organization.webhooks.length === 0 ? (
          <NonIdealState
            icon={<SendMessageIcon />}
            title="No webhooks yet"
            description={
              readOnly
                ? `${organization.name}’s audit events are sent to no endpoint.`
                : `Add an endpoint, such as a SIEM’s collector, to receive ${organization.name}’s audit events as they happen.`
            }
          />
        ) : (
          <div className="meridian-webhook-list">
            {organization.webhooks.map((webhook) => (
              <WebhookCard
                key={webhook.id}
                organizationId={organizationId}
                webhook={webhook}
                readOnly={readOnly}
                busy={busy.has(webhook.id)}
                testOutcome={tests[webhook.id] ?? null}
                logOpen={logs.has(webhook.id)}
                onTest={() => sendTest(webhook)}
                onEdit={() => setEditing({ webhook })}
                onPauseOrResume={() => pauseOrResume(webhook)}
                onRotate={() => setToRotate(webhook)}
                onDelete={() => setToDelete(webhook)}
                onToggleLog={() => toggleLog(webhook.id)}
              />
            ))}
          </div>
        ))
      }
    >
      {editing && (
        <WebhookDialog
          isOpen
          editing={editing.webhook ? { url: editing.webhook.url, events: editing.webhook.events ?? null } : null}
          organizationName={name}
          onSave={save}
          onClose={() => setEditing(null)}
          loading={creating.loading || updating.loading}
        />
      )}
      <ConfirmDialog
        isOpen={toRotate !== null}
        title="Rotate this webhook’s secret?"
        confirmLabel="Rotate secret"
        intent={Intent.WARNING}
        loading={rotating.loading}
        onConfirm={() => void confirmRotate()}
        onCancel={() => setToRotate(null)}
      >
        <p>
          A new signing secret replaces the one of {toRotate?.url}. The old one also signs for 24 hours, so the receiver
          can switch to the new one without refusing a delivery.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        isOpen={toDelete !== null}
        title="Delete this webhook?"
        confirmLabel="Delete webhook"
        loading={removing.loading}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      >
        <p>
          {toDelete?.url} no longer receives {name}’s audit events, and the events it had not received are dropped. It
          cannot be undone.
        </p>
      </ConfirmDialog>
      <SecretDialog
        noun="webhook"
        secret={shown?.secret ?? null}
        owner={
          <>
            the webhook <code>{shown?.url}</code> of <strong>{name}</strong>, which its receiver verifies each
            delivery’s webhook-signature with
          </>
        }
        onClose={() => setShown(null)}
      />
    </SettingsSection>
  );
}
