import type { ReactNode } from 'react';

/** Toasts of spec sections 3, 4 and 9. */
export const TOAST_TYPES = ['success', 'info', 'error', 'default'] as const;
export type ToastType = (typeof TOAST_TYPES)[number];

/** Where toasts appear: the default and secret-messages containers top-centre, background-sync bottom-right. */
export const TOAST_CONTAINER_IDS = ['default', 'background-sync', 'secret-messages'] as const;
export type ToastContainerId = (typeof TOAST_CONTAINER_IDS)[number];

export const TOAST_DURATION_MS = 3000;
export const TOAST_ID_LENGTH = 21;

export const DEFAULT_TOAST_TITLES: Readonly<Record<ToastType, string>> = {
  success: 'Success',
  info: 'Info',
  error: 'Error',
  default: 'Default',
};

/** What a caller asks for; everything but the message has a default. */
export interface ToastRequest {
  /** 'default' unless given. */
  type?: ToastType;
  /** The type's default title (Success, Info, Error, Default) unless given. */
  title?: string;
  message: ReactNode;
  /** Stays until dismissed by hand. */
  isInfinite?: boolean;
  /** Milliseconds before it dismisses itself; 3000 unless given. */
  duration?: number;
  /** 'default' unless given. */
  containerId?: ToastContainerId;
  /** Runs once when the toast goes, whether by timeout, by hand or by clearing. */
  onDismiss?: () => void;
  /**
   * Meant for the page the console is going to (a guard's refusal raised as it redirects): kept when
   * the page changes. Other error and info toasts of the default container go with their page.
   */
  followsNavigation?: boolean;
}

/** A toast as shown: the record of spec section 3. */
export interface Toast {
  /** 21 characters, from nanoid. */
  id: string;
  type: ToastType;
  title: string;
  message: ReactNode;
  isInfinite: boolean;
  /** Milliseconds before it dismisses itself (0 when infinite). */
  duration: number;
  containerId: ToastContainerId;
}

export function toastOf(id: string, request: ToastRequest): Toast {
  const type = request.type ?? 'default';
  const isInfinite = request.isInfinite === true;
  return {
    id,
    type,
    title: request.title ?? DEFAULT_TOAST_TITLES[type],
    message: request.message,
    isInfinite,
    duration: isInfinite ? 0 : (request.duration ?? TOAST_DURATION_MS),
    containerId: request.containerId ?? 'default',
  };
}
