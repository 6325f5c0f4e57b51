import { useContext, useMemo } from 'react';
import { ToastCenterContext } from './ToastProvider.js';
import type { ToastRequest } from './toast-model.js';

export interface ToastsApi {
  /** Shows a toast and answers its 21-character id. */
  show: (toast: ToastRequest) => string;
  dismiss: (id: string) => void;
  /** Dismisses every toast of every container. */
  clear: () => void;
}

/** Toasts from any component (WEB.md interface). */
export function useToasts(): ToastsApi {
  const center = useContext(ToastCenterContext);
  return useMemo(
    () => ({
      show: (toast) => center.show(toast),
      dismiss: (id) => center.dismiss(id),
      clear: () => center.clear(),
    }),
    [center],
  );
}
