import { InputGroup } from '@blueprintjs/core';
import { SearchIcon } from '@blueprintjs/icons';
import type { ReactElement } from 'react';
import { useDebouncedCallback } from './debounce.js';
import { sameSearchText, useUrlDraft } from './useUrlDraft.js';

export interface ListSearchBoxProps {
  /** The search in effect (the URL's). */
  value: string;
  /** A settled search text, trimmed. */
  onSearch: (search: string) => void;
  /** The accessible name ("Search users by name or email"). */
  label: string;
  placeholder: string;
  /** Shown inside the box on the right (e.g. "Updating…" while a new page loads). */
  rightElement?: ReactElement | undefined;
  className?: string;
}

/**
 * A list's search field: what is typed shows at once; the list searches once typing pauses (or at
 * once on Enter), and the box follows the URL when it changes otherwise (back button, a link).
 */
export function ListSearchBox({ value, onSearch, label, placeholder, rightElement, className }: ListSearchBoxProps) {
  const [text, setText] = useUrlDraft(value, sameSearchText);
  const debounced = useDebouncedCallback((next: string) => onSearch(next.trim()));
  return (
    <InputGroup
      type="search"
      leftIcon={<SearchIcon />}
      placeholder={placeholder}
      aria-label={label}
      value={text}
      onValueChange={(next) => {
        setText(next);
        debounced.run(next);
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Enter') return;
        debounced.cancel();
        onSearch(text.trim());
      }}
      {...(rightElement ? { rightElement } : {})}
      {...(className ? { className } : {})}
    />
  );
}
