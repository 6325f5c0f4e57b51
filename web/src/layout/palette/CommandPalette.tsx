import { Classes, Dialog, Icon, InputGroup, Spinner, SpinnerSize } from '@blueprintjs/core';
import { DocumentIcon, HistoryIcon, OfficeIcon, PersonIcon, SearchIcon } from '@blueprintjs/icons';
import { SEARCH_TEXT_MIN_LENGTH } from '@meridian/schema';
import { useId, useMemo, useState, type KeyboardEvent, type ReactElement } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useFreshQuery } from '../../apollo/useFreshQuery.js';
import { messageOfError } from '../../components/mutation-outcome.js';
import { useDebouncedValue } from '../../components/debounce.js';
import { graphql } from '../../gql/index.js';
import { resetListState } from '../../lib/list-state.js';
import {
  maySearch,
  movedKey,
  pageTargets,
  paletteSections,
  settingsTargets,
  type PaletteOption,
  type PaletteUser,
} from './palette-items.js';
import { readRecentItems, recordRecentItem, type PaletteItemKind } from './recent-items.js';
import './command-palette.css';

const CommandPaletteSearchDocument = graphql(`
  query CommandPaletteSearch($text: String!, $limit: Int!) {
    search(text: $text, limit: $limit) {
      organizations {
        id
        name
      }
      users {
        email
        name
        organizationId
      }
    }
  }
`);

/**
 * The palette asks sooner than a list's search box (300 ms): its answers are five rows of each kind,
 * and an operator jumping to a name expects it under a second after Ctrl-K (issue 18).
 */
export const PALETTE_DEBOUNCE_MS = 150;

/** Hits of each kind: enough to jump to, few enough to read at a glance. */
export const PALETTE_SEARCH_LIMIT = 5;

const KIND_ICONS: Record<PaletteItemKind | 'recent', ReactElement> = {
  organization: <OfficeIcon />,
  user: <PersonIcon />,
  page: <DocumentIcon />,
  recent: <HistoryIcon />,
};

export interface CommandPaletteProps {
  /** The signed-in user: their role and organization decide the pages and what the search may find. */
  user: PaletteUser;
  onClose: () => void;
}

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

/**
 * The command palette (issue 18): finds pages the role may reach and the settings tabs it may open
 * (by name or keyword, best match first), organizations and users (through the gateway's search, in
 * the caller's scope) and recently visited items. A combobox over a listbox: the
 * focus stays in the text box, the arrows move the active option (aria-activedescendant), Enter opens
 * it, Escape closes; a polite live region says how many options there are.
 */
export function CommandPalette({ user, onClose }: CommandPaletteProps) {
  const id = useId();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [text, setText] = useState('');
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const search = useDebouncedValue(text.trim(), PALETTE_DEBOUNCE_MS);
  const skip = !maySearch(user) || search.length < SEARCH_TEXT_MIN_LENGTH;
  const { data, loading, error } = useFreshQuery(CommandPaletteSearchDocument, {
    variables: { text: search, limit: PALETTE_SEARCH_LIMIT },
    skip,
  });
  const pages = useMemo(() => pageTargets(user), [user]);
  const settings = useMemo(() => settingsTargets(user, pathname), [user, pathname]);
  const recent = useMemo(() => readRecentItems(user.email), [user.email]);
  // Hits belong to the settled text; while the next text settles, the last hits would mislead.
  const hits = !skip && search === text.trim() ? data?.search : undefined;
  const sections = paletteSections(text, pages, recent, hits, settings);
  const options = sections.flatMap((section) => section.options);
  const active = options.find((option) => option.key === activeKey) ?? options[0];
  const searching = !skip && (loading || search !== text.trim());

  const choose = (option: PaletteOption) => {
    const { kind, label, detail, to } = option;
    recordRecentItem(user.email, { kind, label, detail, to });
    // As the navigation does: choosing a page starts its lists afresh.
    if (kind === 'page') resetListState();
    onClose();
    void navigate(to);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setActiveKey(movedKey(options, active?.key ?? null, event.key === 'ArrowDown' ? 1 : -1));
    } else if (event.key === 'Enter' && active) {
      event.preventDefault();
      choose(active);
    }
  };

  const announcement = searching
    ? 'Searching…'
    : error !== undefined && !skip
      ? messageOfError(error)
      : options.length === 0
        ? text.trim()
          ? `Nothing matches “${text.trim()}”.`
          : 'Nothing to show yet.'
        : `${plural(options.length, 'result')}. Up and down arrows to choose, Enter to open.`;
  const optionId = (option: PaletteOption) => `${id}-option-${options.indexOf(option)}`;

  return (
    <Dialog
      isOpen
      onClose={onClose}
      className="meridian-palette"
      aria-labelledby={`${id}-title`}
      // The list opens on top of the page: leave the focus where the dialog puts it, in the text box.
      autoFocus
      enforceFocus
    >
      <h2 id={`${id}-title`} className="meridian-visually-hidden">
        Search the console
      </h2>
      <InputGroup
        autoFocus
        large
        type="text"
        leftIcon={<SearchIcon />}
        rightElement={searching ? <Spinner size={SpinnerSize.SMALL} aria-label="Searching" /> : undefined}
        placeholder={maySearch(user) ? 'Organizations, users, pages…' : 'Pages…'}
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setActiveKey(null);
        }}
        onKeyDown={onKeyDown}
        role="combobox"
        aria-label={maySearch(user) ? 'Search organizations, users and pages' : 'Search pages'}
        aria-expanded={options.length > 0}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={active ? optionId(active) : undefined}
        autoComplete="off"
        spellCheck={false}
      />
      <div id={`${id}-list`} role="listbox" aria-label="Results" className="meridian-palette-list">
        {sections.map((section) => (
          <div key={section.title} role="group" aria-label={section.title} className="meridian-palette-group">
            <div className={`meridian-palette-group-title ${Classes.TEXT_MUTED}`} aria-hidden="true">
              {section.title}
            </div>
            {section.options.map((option) => (
              <div
                key={option.key}
                id={optionId(option)}
                role="option"
                aria-selected={option === active}
                className={`meridian-palette-option ${option === active ? Classes.ACTIVE : ''}`}
                // The focus stays in the text box: a click chooses without taking it.
                onMouseDown={(event) => event.preventDefault()}
                onMouseMove={() => setActiveKey(option.key)}
                onClick={() => choose(option)}
              >
                <Icon
                  icon={option.key.startsWith('recent:') ? KIND_ICONS.recent : KIND_ICONS[option.kind]}
                  aria-hidden
                />
                <span className="meridian-palette-option-text">
                  <span className="meridian-palette-option-label">{option.label}</span>
                  {option.detail && <span className={Classes.TEXT_MUTED}>{option.detail}</span>}
                </span>
              </div>
            ))}
          </div>
        ))}
      </div>
      <div role="status" aria-live="polite" className="meridian-palette-status">
        {announcement}
      </div>
    </Dialog>
  );
}

export default CommandPalette;
