import { Button, FormGroup, HTMLSelect, InputGroup, Intent } from '@blueprintjs/core';
import { AUDIT_ACTION_INFO, auditActionGroups } from '@meridian/schema';
import type { FormEvent } from 'react';
import { useUrlDraft } from '../useUrlDraft.js';
import {
  EMPTY_ACTIVITY_FILTER,
  TARGET_TYPE_OPTIONS,
  timeRangeError,
  type ActivityFilter,
  type ActivityFilterKey,
} from './activity-filters.js';

/** The actions by area, as the webhook event picker groups them. */
const ACTION_GROUPS = auditActionGroups();

export interface ActivityFiltersFormProps {
  filter: ActivityFilter;
  /** Filters the page fixes (an organization's tab, a user's tab, an Org Admin's organization). */
  hidden: ReadonlySet<ActivityFilterKey>;
  onChange: (filter: ActivityFilter) => void;
}

/**
 * The list's filters. Choices (action, target type, dates) apply at once; typed text applies with
 * "Apply filters" or Enter, so each search is one step of the browser's history rather than one per key.
 */
export function ActivityFiltersForm({ filter, hidden, onChange }: ActivityFiltersFormProps) {
  // Follows the URL when it changes from elsewhere (a link, the back button).
  const [draft, setDraft] = useUrlDraft(filter);
  const set = (key: ActivityFilterKey, value: string) => setDraft((current) => ({ ...current, [key]: value }));
  const choose = (key: ActivityFilterKey, value: string) => {
    const next: ActivityFilter = { ...draft, [key]: value };
    setDraft(next);
    if (!timeRangeError(next)) onChange(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!timeRangeError(draft)) onChange(draft);
  };
  const rangeError = timeRangeError(draft);
  const text = (key: ActivityFilterKey, label: string, placeholder: string) =>
    hidden.has(key) ? null : (
      <FormGroup label={label} labelFor={`activity-filter-${key}`}>
        <InputGroup
          id={`activity-filter-${key}`}
          value={draft[key]}
          placeholder={placeholder}
          onValueChange={(value) => set(key, value)}
        />
      </FormGroup>
    );

  return (
    <form className="meridian-activity-filters" aria-label="Filter activity" onSubmit={submit}>
      {text('organizationId', 'Organization', 'Organization id')}
      {text('actor', 'Actor', 'Email or client id')}
      {!hidden.has('targetType') && (
        <FormGroup label="Target type" labelFor="activity-filter-targetType">
          <HTMLSelect
            id="activity-filter-targetType"
            value={draft.targetType}
            onChange={(event) => choose('targetType', event.currentTarget.value)}
          >
            <option value="">Any target</option>
            {TARGET_TYPE_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
      )}
      {text('targetId', 'Target', 'Organization id, email, credential id or NPI')}
      <FormGroup label="Action" labelFor="activity-filter-action">
        <HTMLSelect
          id="activity-filter-action"
          value={draft.action}
          onChange={(event) => choose('action', event.currentTarget.value)}
        >
          <option value="">Any action</option>
          {ACTION_GROUPS.map((group) => (
            <optgroup key={group.area} label={group.label}>
              {group.actions.map((action) => (
                <option key={action} value={action} title={AUDIT_ACTION_INFO[action].meaning}>
                  {AUDIT_ACTION_INFO[action].label}
                </option>
              ))}
            </optgroup>
          ))}
        </HTMLSelect>
      </FormGroup>
      <FormGroup
        label="From"
        labelFor="activity-filter-from"
        intent={rangeError ? Intent.DANGER : Intent.NONE}
        helperText={rangeError ?? undefined}
      >
        <InputGroup
          id="activity-filter-from"
          type="date"
          value={draft.from}
          onValueChange={(value) => choose('from', value)}
        />
      </FormGroup>
      <FormGroup label="To" labelFor="activity-filter-to" intent={rangeError ? Intent.DANGER : Intent.NONE}>
        <InputGroup
          id="activity-filter-to"
          type="date"
          value={draft.to}
          onValueChange={(value) => choose('to', value)}
        />
      </FormGroup>
      <div className="meridian-activity-filter-actions">
        <Button type="submit" intent={Intent.PRIMARY} disabled={rangeError !== null}>
          Apply filters
        </Button>
        <Button variant="minimal" onClick={() => onChange(EMPTY_ACTIVITY_FILTER)}>
          Clear filters
        </Button>
      </div>
    </form>
  );
}
