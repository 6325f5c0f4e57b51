import { Button, ControlGroup, InputGroup } from '@blueprintjs/core';
import { OfficeIcon } from '@blueprintjs/icons';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useFreshQuery } from '../../../apollo/useFreshQuery.js';
import { graphql } from '../../../gql/index.js';
import { providerLinksPath, type LinkListKind } from '../kinds.js';
import { useDebouncedCallback } from '../../../components/debounce.js';

const OrganizationChoicesQuery = graphql(`
  query ManagedProvidersOrganizationChoices($search: String) {
    organizations(search: $search, limit: 10) {
      rows {
        id
        name
      }
    }
  }
`);

export interface OrganizationSwitcherProps {
  kind: LinkListKind;
}

/**
 * For operators (organizations:read): opens another organization's managed providers, choosing it by
 * id or name from the organizations the search finds (the browser's suggestion list).
 */
export function OrganizationSwitcher({ kind }: OrganizationSwitcherProps) {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const debounced = useDebouncedCallback((next: string) => setSearch(next.trim()));
  const navigate = useNavigate();
  const listId = useId();
  const { data } = useFreshQuery(OrganizationChoicesQuery, { variables: { search }, skip: search === '' });
  const choices = data?.organizations.rows ?? [];

  const open = (event: FormEvent) => {
    event.preventDefault();
    const wanted = text.trim().toLowerCase();
    if (!wanted) return;
    // A name picked from the suggestions, or an id as typed (the page then says what it finds there).
    const match = choices.find((choice) => choice.id === wanted || choice.name.toLowerCase() === wanted);
    void navigate(providerLinksPath(match?.id ?? wanted, kind));
    // The switcher stays on the next page: its suggestions go with the text, not a keystroke later.
    debounced.cancel();
    setText('');
    setSearch('');
  };

  return (
    <form onSubmit={open} className="meridian-organization-switcher">
      <ControlGroup>
        <InputGroup
          leftIcon={<OfficeIcon />}
          aria-label="Another organization"
          placeholder="Another organization…"
          list={listId}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            debounced.run(event.target.value);
          }}
        />
        <Button type="submit" text="Open" />
      </ControlGroup>
      <datalist id={listId}>
        {choices.map((choice) => (
          <option key={choice.id} value={choice.id}>
            {choice.name}
          </option>
        ))}
      </datalist>
    </form>
  );
}
