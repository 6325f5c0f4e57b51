import { Intent, OverlayToaster, Position, type Toaster, type ToastProps } from '@blueprintjs/core';
import { ErrorIcon, InfoSignIcon, NotificationsIcon, TickCircleIcon } from '@blueprintjs/icons';
import { useCallback, useRef, type ReactElement } from 'react';
import type { ToastCenter, ToastRenderer } from './toast-center.js';
import type { ToastType } from './toast-model.js';

const INTENTS: Record<ToastType, Intent> = {
  success: Intent.SUCCESS,
  info: Intent.PRIMARY,
  error: Intent.DANGER,
  default: Intent.NONE,
};

const ICONS: Record<ToastType, ReactElement> = {
  success: <TickCircleIcon />,
  info: <InfoSignIcon />,
  error: <ErrorIcon />,
  default: <NotificationsIcon />,
};

/** The look of every toast: a titled message, coloured by type, 400 px wide. */
const renderToast: ToastRenderer = (toast, onDismiss): ToastProps => ({
  className: 'meridian-toast',
  intent: INTENTS[toast.type],
  icon: ICONS[toast.type],
  timeout: toast.duration,
  onDismiss,
  message: (
    <div className="meridian-toast-body" data-toast-id={toast.id} data-toast-type={toast.type}>
      <strong className="meridian-toast-title">{toast.title}</strong>
      <div className="meridian-toast-message">{toast.message}</div>
    </div>
  ),
});

/** The top toasts' distance from the viewport's top when no page title is on screen. */
export const TOP_TOASTS_MIN_OFFSET_PX = 8;
const TITLE_GAP_PX = 8;

/**
 * Where the top-centre toasts start: just below the page's title (its h1, after any breadcrumbs) while
 * that title is on screen, so a toast never covers it; near the top once the page has scrolled past it.
 * Measured at each toast, since titles sit lower on pages with breadcrumbs, tabs or a long name.
 */
export function topToastsOffset(doc: Document): number {
  const title = doc.querySelector('main h1');
  const bottom = title ? title.getBoundingClientRect().bottom : 0;
  return Math.max(TOP_TOASTS_MIN_OFFSET_PX, Math.round(bottom) + TITLE_GAP_PX);
}

export interface ToastersProps {
  center: ToastCenter;
}

/**
 * The three toast containers (spec section 2): default and secret-messages stacked at the top centre,
 * background-sync at the bottom right, each a Blueprint toaster registered with the center. A module of
 * its own: ToastProvider loads it with the first toast.
 */
export function Toasters({ center }: ToastersProps) {
  const top = useRef<HTMLDivElement>(null);
  // Each top-centre toast places the region below the page's title first.
  // (The toasters' refs attach before the region's, so a toast waiting for them finds the region by class.)
  const renderTopToast = useCallback<ToastRenderer>((toast, onDismiss) => {
    const region = top.current ?? document.querySelector<HTMLElement>('.meridian-toasts-top');
    if (region) region.style.top = `${topToastsOffset(region.ownerDocument)}px`;
    return renderToast(toast, onDismiss);
  }, []);
  // One stable ref callback per container, so re-renders do not detach and re-attach the toasters.
  const attachDefault = useCallback(
    (toaster: Toaster | null) => center.attach('default', toaster, renderTopToast),
    [center, renderTopToast],
  );
  const attachBackgroundSync = useCallback(
    (toaster: Toaster | null) => center.attach('background-sync', toaster, renderToast),
    [center],
  );
  const attachSecretMessages = useCallback(
    (toaster: Toaster | null) => center.attach('secret-messages', toaster, renderTopToast),
    [center, renderTopToast],
  );
  return (
    <>
      <div className="meridian-toasts-top" data-testid="toasts-top-centre" ref={top}>
        <OverlayToaster
          ref={attachSecretMessages}
          usePortal={false}
          position={Position.TOP}
          className="meridian-toaster meridian-toaster-secret-messages"
          canEscapeKeyClear={false}
        />
        <OverlayToaster
          ref={attachDefault}
          usePortal={false}
          position={Position.TOP}
          className="meridian-toaster meridian-toaster-default"
        />
      </div>
      <div className="meridian-toasts-bottom-right" data-testid="toasts-bottom-right">
        <OverlayToaster
          ref={attachBackgroundSync}
          usePortal={false}
          position={Position.BOTTOM_RIGHT}
          className="meridian-toaster meridian-toaster-background-sync"
        />
      </div>
    </>
  );
}
