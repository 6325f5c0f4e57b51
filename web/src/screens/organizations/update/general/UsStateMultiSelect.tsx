import { Button, Classes, FormGroup, InputGroup, Intent, Menu, MenuItem, PopoverNext, Tag } from '@blueprintjs/core';
import { PlusIcon, SearchIcon, SmallCrossIcon } from '@blueprintjs/icons';
import { useId, useState } from 'react';
import { matchStates, orderStates, stateName } from './us-states.js';

export interface UsStateMultiSelectProps {
  label: string;
  /** Selected USPS codes. */
  values: readonly string[];
  onChange: (values: string[]) => void;
  helperText?: string;
  error?: string | undefined;
  disabled?: boolean;
}

/**
 * Several US states: the chosen ones as tags (each removable by name), and a filterable list in a
 * popover where clicking (or Enter on) a state adds or removes it.
 */
export function UsStateMultiSelect({
  label,
  values,
  onChange,
  helperText,
  error,
  disabled = false,
}: UsStateMultiSelectProps) {
  const id = useId();
  const tagsId = `${id}-chosen`;
  const [filter, setFilter] = useState('');
  const chosen = new Set(values);
  const matches = matchStates(filter);
  const toggle = (code: string) =>
    onChange(chosen.has(code) ? values.filter((value) => value !== code) : orderStates([...values, code]));

  const picker = (
    <div className="meridian-state-picker">
      <InputGroup
        aria-label="Filter states"
        leftIcon={<SearchIcon />}
        placeholder="Filter by name or code"
        value={filter}
        autoFocus
        onChange={(event) => setFilter(event.currentTarget.value)}
        onKeyDown={(event) => {
          // Enter picks the first match, so a keyboard user types "tx" and presses Enter.
          if (event.key === 'Enter' && matches[0]) {
            event.preventDefault();
            toggle(matches[0].code);
          }
        }}
      />
      <Menu className="meridian-state-picker-list" role="listbox" aria-multiselectable="true" aria-label={label}>
        {matches.map((state) => (
          <MenuItem
            key={state.code}
            roleStructure="listoption"
            selected={chosen.has(state.code)}
            text={state.name}
            label={state.code}
            shouldDismissPopover={false}
            onClick={() => toggle(state.code)}
          />
        ))}
        {matches.length === 0 && <MenuItem roleStructure="listoption" disabled text="No state matches" />}
      </Menu>
    </div>
  );

  return (
    <FormGroup label={label} helperText={error ?? helperText} intent={error ? Intent.DANGER : Intent.NONE}>
      {!disabled && (
        <PopoverNext content={picker} placement="bottom-start" onClosed={() => setFilter('')}>
          <Button icon={<PlusIcon />} aria-haspopup="listbox" aria-describedby={tagsId}>
            {values.length === 0 ? 'Choose states' : 'Add or remove states'}
          </Button>
        </PopoverNext>
      )}
      <div id={tagsId} className="meridian-state-tags" aria-label={`${label} chosen`} role="group">
        {values.length === 0 && <span className={Classes.TEXT_MUTED}>No state chosen.</span>}
        {values.map((code) => (
          <Tag key={code} minimal round title={stateName(code)}>
            {stateName(code)}
            {!disabled && (
              <Button
                variant="minimal"
                size="small"
                icon={<SmallCrossIcon />}
                aria-label={`Remove ${stateName(code)}`}
                onClick={() => toggle(code)}
              />
            )}
          </Tag>
        ))}
      </div>
    </FormGroup>
  );
}
