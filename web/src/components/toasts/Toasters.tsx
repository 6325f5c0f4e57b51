import { Intent, OverlayToaster, Position, type Toaster, type ToastProps } from '@blueprintjs/core';
import { ErrorIcon, InfoSignIcon, NotificationsIcon, TickCircleIcon } from '@blueprintjs/icons';
import { useCallback, type ReactElement } from 'react';
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

export interface ToastersProps {
  center: ToastCenter;
}

/**
 * The three toast containers (spec section 2): default and secret-messages stacked at the top centre,
 * background-sync at the bottom right, each a Blueprint toaster registered with the center. A module of
 * its own: ToastProvider loads it with the first toast.
 */
export function Toasters({ center }: ToastersProps) {
  // One stable ref callback per container, so re-renders do not detach and re-attach the toasters.
  const attachDefault = useCallback(
    (toaster: Toaster | null) => center.attach('default', toaster, renderToast),
    [center],
  );
  const attachBackgroundSync = useCallback(
    (toaster: Toaster | null) => center.attach('background-sync', toaster, renderToast),
    [center],
  );
  const attachSecretMessages = useCallback(
    (toaster: Toaster | null) => center.attach('secret-messages', toaster, renderToast),
    [center],
  );
  return (
    <>
      <div className="meridian-toasts-top" data-testid="toasts-top-centre">
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
