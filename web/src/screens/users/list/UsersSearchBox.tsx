import { InputGroup } from '@blueprintjs/core';
import { SearchIcon } from '@blueprintjs/icons';
import { useEffect, useRef } from 'react';
import { sameSearchText, useUrlDraft } from '../../../components/useUrlDraft.js';

/** Typing pauses this long before the server is asked. */
export const SEARCH_DEBOUNCE_MS = 300;

export interface UsersSearchBoxProps {
  /** The search in effect (the URL's). */
  value: string;
  /** A settled search text, trimmed. */
  onSearch: (search: string) => void;
}

/**
 * The list's search field: asks the server once typing pauses (or at once on Enter), and follows the
 * URL when it changes otherwise (back button, a link).
 */
export function UsersSearchBox({ value, onSearch }: UsersSearchBoxProps) {
  const [text, setText] = useUrlDraft(value, sameSearchText);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const settle = (next: string) => {
    window.clearTimeout(timer.current);
    onSearch(next.trim());
  };

  return (
    <InputGroup
      type="search"
      leftIcon={<SearchIcon />}
      placeholder="Search by name or email"
      aria-label="Search users by name or email"
      value={text}
      onValueChange={(next) => {
        setText(next);
        window.clearTimeout(timer.current);
        timer.current = window.setTimeout(() => onSearch(next.trim()), SEARCH_DEBOUNCE_MS);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') settle(text);
      }}
      className="meridian-users-search"
    />
  );
}
