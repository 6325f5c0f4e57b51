import { Alert, Intent } from '@blueprintjs/core';
import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';

/** The in-app link a click would follow (same origin, same tab, a plain left click), or null. */
function followedLink(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return null;
  const anchor = (event.target as Element | null)?.closest?.('a[href]');
  if (!(anchor instanceof HTMLAnchorElement)) return null;
  if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return null;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  const to = `${url.pathname}${url.search}${url.hash}`;
  return to === `${window.location.pathname}${window.location.search}${window.location.hash}` ? null : to;
}

/**
 * While `dirty`, leaving asks first: following a link in the console opens a "Leave without saving?"
 * dialog, and closing or reloading the tab gets the browser's own prompt. Returns the dialog to render.
 * Links are caught in the capture phase, before React Router's own click handling, because the console
 * runs on <BrowserRouter>, where React Router's useBlocker is not available (docs/decisions.md).
 */
export function useUnsavedChangesPrompt(dirty: boolean): ReactNode {
  const navigate = useNavigate();
  const [pending, setPending] = useState<string | null>(null);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show their prompt only when returnValue is set.
      event.returnValue = '';
    };
    const onClick = (event: MouseEvent) => {
      const to = followedLink(event);
      if (to === null) return;
      event.preventDefault();
      event.stopPropagation();
      setPending(to);
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [dirty]);

  return (
    <Alert
      isOpen={pending !== null}
      intent={Intent.DANGER}
      confirmButtonText="Leave without saving"
      cancelButtonText="Stay"
      canEscapeKeyCancel
      onCancel={() => setPending(null)}
      onConfirm={() => {
        const to = pending;
        setPending(null);
        if (to !== null) void navigate(to);
      }}
    >
      <p>You have unsaved changes on this page. Leave without saving them?</p>
    </Alert>
  );
}
