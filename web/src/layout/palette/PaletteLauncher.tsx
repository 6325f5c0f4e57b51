import { Button } from '@blueprintjs/core';
import { SearchIcon } from '@blueprintjs/icons';
import { Suspense, useEffect, useRef, useState } from 'react';
import { lazyPage } from '../../components/lazy-page.js';
import type { PaletteUser } from './palette-items.js';
import { useRecentVisits } from './useRecentVisits.js';

// The palette's code loads when it is first asked for (or the button is pointed at), not with the shell.
const CommandPalette = lazyPage(() => import('./CommandPalette.js'));

/** How long after the shell shows the palette's code is fetched ahead of use. */
const PRELOAD_AFTER_MS = 2000;

/** Ctrl-K on Windows and Linux, ⌘K on a Mac: the shortcut operators know from other consoles. */
export const isPaletteShortcut = (event: KeyboardEvent) =>
  (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k';

export interface PaletteLauncherProps {
  user: PaletteUser;
  /** Show the button's label beside its icon (the navigation is open). */
  showLabel: boolean;
}

/**
 * The navigation's search button and the Ctrl/Cmd-K shortcut anywhere in the shell, both opening the
 * command palette; closing it gives the focus back to where it was.
 */
export function PaletteLauncher({ user, showLabel }: PaletteLauncherProps) {
  const [isOpen, setOpen] = useState(false);
  const returnFocus = useRef<HTMLElement | null>(null);
  useRecentVisits(user.email);

  // Loaded while the browser is idle, so the first Ctrl-K opens at once (the shell itself does not wait).
  useEffect(() => {
    const timer = setTimeout(() => void CommandPalette.preload().catch(() => undefined), PRELOAD_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isPaletteShortcut(event)) return;
      // The browser's own Ctrl-K (its search bar) gives way to the console's.
      event.preventDefault();
      if (document.activeElement instanceof HTMLElement) returnFocus.current = document.activeElement;
      setOpen(true);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const close = () => {
    setOpen(false);
    // After the navigation the chosen page moves the focus itself; otherwise back to where it was.
    const previous = returnFocus.current;
    if (previous?.isConnected) setTimeout(() => previous.focus(), 0);
  };

  return (
    <>
      <Button
        className="meridian-nav-search"
        variant="minimal"
        alignText="start"
        icon={<SearchIcon />}
        text={showLabel ? 'Search' : undefined}
        aria-label={showLabel ? undefined : 'Search'}
        aria-keyshortcuts="Control+K Meta+K"
        aria-haspopup="dialog"
        title="Search (Ctrl+K)"
        onMouseEnter={() => void CommandPalette.preload()}
        onFocus={() => void CommandPalette.preload()}
        onClick={(event) => {
          returnFocus.current = event.currentTarget;
          setOpen(true);
        }}
      />
      {isOpen && (
        <Suspense fallback={null}>
          <CommandPalette user={user} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
