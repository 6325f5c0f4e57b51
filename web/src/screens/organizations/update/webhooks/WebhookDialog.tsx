import { Callout, Checkbox, FormGroup, Intent, RadioGroup } from '@blueprintjs/core';
import { useCallback, useId, useState } from 'react';
import {
  AUDIT_ACTIONS,
  AUDIT_ACTION_INFO,
  auditActionGroups,
  validateWebhookEvents,
  validateWebhookUrl,
  type AuditAction,
} from '@meridian/schema';
import { FormDialog } from '../../../../components/FormDialog.js';
import type { MutationOutcome } from '../../../../components/mutation-outcome.js';
import { TextField } from '../../../../components/TextField.js';
import { useFieldErrors } from '../../../../components/useFieldErrors.js';
import type { WebhookTarget } from './useCreateWebhook.js';
import { EVERY_EVENT } from './webhook-view.js';

export interface WebhookDialogProps {
  /** Whether the dialog shows. */
  isOpen: boolean;
  /** The endpoint being edited; null adds a new one. */
  editing: WebhookTarget | null;
  /** The organization's name, in the title. */
  organizationName: string;
  /** Saves the endpoint; on success the caller closes this dialog. */
  onSave: (target: WebhookTarget) => Promise<MutationOutcome<unknown>>;
  /** The person gave up: nothing was saved. */
  onClose: () => void;
  /** The save is under way. */
  loading: boolean;
}

type EventsMode = 'every' | 'chosen';
type Field = 'url' | 'events';

/** The picker's groups: the actions by area (Users, Sign-in, Webhooks…), in the trail's order. */
const EVENT_GROUPS = auditActionGroups();

const EVENTS_OPTIONS = [
  { value: 'every', label: `${EVERY_EVENT}, including actions added later` },
  { value: 'chosen', label: 'Chosen events' },
];

/**
 * Adds or edits an endpoint: its URL and the audit events it receives (every event, or the actions
 * chosen by their labels, grouped by area, each area choosable at once). What is wrong shows beside the field, checked here with the platform's rule
 * and words; http is allowed here, and in production the platform adds https-only and public addresses,
 * whose words show beside the URL too.
 */
export function WebhookDialog({ isOpen, editing, organizationName, onSave, onClose, loading }: WebhookDialogProps) {
  const eventsLabelId = useId();
  const [url, setUrl] = useState(editing?.url ?? '');
  const [mode, setMode] = useState<EventsMode>(editing?.events ? 'chosen' : 'every');
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set(editing?.events ?? []));
  const events = mode === 'every' ? null : AUDIT_ACTIONS.filter((action) => chosen.has(action));
  const validate = useCallback((): Partial<Record<Field, string>> => {
    const errors: Partial<Record<Field, string>> = {};
    const urlProblem = validateWebhookUrl(url, { httpsOnly: false });
    if (urlProblem) errors.url = urlProblem;
    const eventsProblem = validateWebhookEvents(events);
    if (eventsProblem) errors.events = eventsProblem;
    return errors;
  }, [url, events]);
  const fields = useFieldErrors<Field>(validate);
  const eventsError = fields.errorOf('events');

  /** Chooses or drops actions: one, or every action of a group at once. */
  const toggle = (actions: readonly AuditAction[], on: boolean) => {
    setChosen((current) => {
      const next = new Set(current);
      for (const action of actions) {
        if (on) next.add(action);
        else next.delete(action);
      }
      return next;
    });
    fields.changed('events');
    fields.touch('events');
  };

  const title = editing ? `Edit the webhook of ${organizationName}` : `New webhook for ${organizationName}`;
  return (
    <FormDialog
      isOpen={isOpen}
      title={title}
      submitLabel={editing ? 'Save webhook' : 'Add webhook'}
      fields={fields}
      onSubmit={() => onSave({ url: url.trim(), events })}
      onClose={onClose}
      loading={loading}
      className="meridian-webhook-dialog"
    >
      <TextField
        label="Endpoint URL"
        value={url}
        onChange={(value) => {
          setUrl(value);
          fields.changed('url');
        }}
        onBlur={() => fields.touch('url')}
        error={fields.errorOf('url')}
        helperText="Where the events are sent, such as https://siem.example.com/meridian."
        placeholder="https://"
        autoFocus
      />
      <RadioGroup
        label="Events"
        name="webhook-events"
        selectedValue={mode}
        onChange={(event) => {
          setMode(event.currentTarget.value === 'chosen' ? 'chosen' : 'every');
          fields.changed('events');
        }}
        options={EVENTS_OPTIONS}
      />
      {mode === 'chosen' && (
        <FormGroup
          intent={eventsError ? Intent.DANGER : Intent.NONE}
          helperText={eventsError}
          label={<span id={eventsLabelId}>The events to send</span>}
        >
          <div
            role="group"
            aria-labelledby={eventsLabelId}
            aria-invalid={eventsError ? true : undefined}
            tabIndex={-1}
            className="meridian-webhook-events"
          >
            {EVENT_GROUPS.map((group) => {
              const picked = group.actions.filter((action) => chosen.has(action)).length;
              return (
                <div key={group.area} role="group" aria-label={group.label} className="meridian-webhook-event-group">
                  {/* The area's own box chooses or drops all of its events; half-ticked when some are. */}
                  <Checkbox
                    className="meridian-webhook-event-area"
                    label={group.label}
                    checked={picked === group.actions.length}
                    indeterminate={picked > 0 && picked < group.actions.length}
                    onChange={(event) => toggle(group.actions, event.currentTarget.checked)}
                    aria-label={`Every ${group.label} event`}
                  />
                  {group.actions.map((action) => (
                    <Checkbox
                      key={action}
                      className="meridian-webhook-event"
                      label={AUDIT_ACTION_INFO[action].label}
                      title={AUDIT_ACTION_INFO[action].meaning}
                      checked={chosen.has(action)}
                      onChange={(event) => toggle([action], event.currentTarget.checked)}
                    />
                  ))}
                </div>
              );
            })}
          </div>
        </FormGroup>
      )}
      {mode === 'every' && eventsError && (
        <Callout intent={Intent.DANGER} compact>
          {eventsError}
        </Callout>
      )}
    </FormDialog>
  );
}
