import type { Toaster, ToastProps } from '@blueprintjs/core';
import { nanoid } from 'nanoid';
import { toastOf, TOAST_ID_LENGTH, type Toast, type ToastContainerId, type ToastRequest } from './toast-model.js';

/** Turns a toast record into Blueprint's props (the provider supplies the look). */
export type ToastRenderer = (toast: Toast, onDismiss: () => void) => ToastProps;

interface OpenToast {
  toast: Toast;
  onDismiss?: () => void;
  /** The page (pathname) it was raised on; null before the router told any. */
  page: string | null;
  followsNavigation: boolean;
}

/**
 * Shows, dismisses and clears toasts across the three containers. Usable outside React (the Apollo
 * error link, the session watcher): toasts asked for before the containers mount wait for them (and
 * tell ToastProvider, which loads the containers with the first toast).
 */
export class ToastCenter {
  private readonly toasters = new Map<ToastContainerId, Toaster>();
  private readonly open = new Map<string, OpenToast>();
  private pending: string[] = [];
  /** Each container's look (the top-centre ones also place themselves below the page's title). */
  private readonly renders = new Map<ToastContainerId, ToastRenderer>();
  private wanted = false;
  private page: string | null = null;
  private readonly wantListeners = new Set<() => void>();

  /** Whether a toast has found no container to show in (ToastProvider then loads the containers). */
  get containersWanted(): boolean {
    return this.wanted;
  }

  /** Calls `listener` each time a toast finds no container; answers the unsubscribe. */
  onContainersWanted(listener: () => void): () => void {
    this.wantListeners.add(listener);
    return () => this.wantListeners.delete(listener);
  }

  /** The provider registers each container's Blueprint toaster (null when it unmounts). */
  attach(containerId: ToastContainerId, toaster: Toaster | null, render: ToastRenderer): void {
    if (toaster) {
      this.toasters.set(containerId, toaster);
      this.renders.set(containerId, render);
    } else {
      this.toasters.delete(containerId);
      this.renders.delete(containerId);
    }
    const waiting = this.pending;
    this.pending = [];
    for (const id of waiting) this.present(id);
  }

  /** Shows a toast and answers its id. */
  show(request: ToastRequest): string {
    const toast = toastOf(nanoid(TOAST_ID_LENGTH), request);
    this.open.set(toast.id, {
      toast,
      onDismiss: request.onDismiss,
      page: this.page,
      followsNavigation: request.followsNavigation === true,
    });
    this.present(toast.id);
    return toast.id;
  }

  dismiss(id: string): void {
    const entry = this.open.get(id);
    if (!entry) return;
    const toaster = this.toasters.get(entry.toast.containerId);
    if (toaster && !this.pending.includes(id)) toaster.dismiss(id);
    this.closed(id);
  }

  /**
   * The console moved to `pathname`: error and info toasts of the default container raised on another
   * page go with it (a refusal must not sit over the next page); success toasts run their course, and
   * toasts that follow the navigation, the background-sync and secret-messages containers stay.
   */
  pageChanged(pathname: string): void {
    if (pathname === this.page) return;
    this.page = pathname;
    for (const [id, entry] of [...this.open]) {
      const { type, containerId } = entry.toast;
      if (containerId !== 'default' || entry.followsNavigation || entry.page === pathname) continue;
      if (type === 'error' || type === 'info') this.dismiss(id);
    }
  }

  /** Dismisses every toast of every container. */
  clear(): void {
    for (const toaster of this.toasters.values()) toaster.clear();
    for (const id of [...this.open.keys()]) this.closed(id);
    this.pending = [];
  }

  /** The toasts open now, newest last. */
  list(): Toast[] {
    return [...this.open.values()].map((entry) => entry.toast);
  }

  private present(id: string): void {
    const entry = this.open.get(id);
    if (!entry) return;
    const toaster = this.toasters.get(entry.toast.containerId);
    const render = this.renders.get(entry.toast.containerId);
    if (!toaster || !render) {
      this.pending.push(id);
      this.wanted = true;
      for (const listener of [...this.wantListeners]) listener();
      return;
    }
    toaster.show(
      render(entry.toast, () => this.closed(id)),
      id,
    );
  }

  /** Forgets a toast and runs its callback exactly once, however it went. */
  private closed(id: string): void {
    const entry = this.open.get(id);
    if (!entry) return;
    this.open.delete(id);
    this.pending = this.pending.filter((pendingId) => pendingId !== id);
    entry.onDismiss?.();
  }
}

/** The console's one toast center. */
export const toastCenter = new ToastCenter();
