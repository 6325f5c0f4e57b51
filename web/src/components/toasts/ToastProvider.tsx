import { createContext, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { toastCenter, type ToastCenter } from './toast-center.js';
import type { ToastersProps } from './Toasters.js';
import './toasts.css';

export const ToastCenterContext = createContext<ToastCenter>(toastCenter);

let loadedToasters: ComponentType<ToastersProps> | null = null;

/**
 * The containers' code: Blueprint's OverlayToaster with its overlay and transition libraries, not
 * needed to paint a page (issue 8: home's JS). Loaded with the first toast; resolves once it is there.
 */
export function loadToasters(): Promise<ComponentType<ToastersProps>> {
  return import('./Toasters.js').then(({ Toasters }) => (loadedToasters = Toasters));
}

export interface ToastProviderProps {
  children?: ReactNode;
  /** The center the containers serve; the console's own one unless a test brings its own. */
  center?: ToastCenter;
}

/**
 * Makes `useToasts()` reach the center from anywhere below, and mounts the three toast containers
 * (spec section 2; see Toasters) once the first toast is asked for: their code loads then, and the toasts
 * asked for meanwhile wait in the center, as those shown before any container mounts always did.
 */
export function ToastProvider({ children, center = toastCenter }: ToastProviderProps) {
  // Counts the toasts that found no container: each one starts (or, after a failed load, retries) the load.
  const [demand, setDemand] = useState(() => (center.containersWanted ? 1 : 0));
  const [loaded, setLoaded] = useState<ComponentType<ToastersProps> | null>(null);
  const Toasters = loaded ?? loadedToasters;

  useEffect(() => {
    const wanted = () => setDemand((count) => count + 1);
    const unsubscribe = center.onContainersWanted(wanted);
    // A toast asked for between the first render and now.
    if (center.containersWanted) wanted();
    return unsubscribe;
  }, [center]);
  useEffect(() => {
    if (demand === 0 || Toasters) return;
    let cancelled = false;
    loadToasters().then(
      (component) => {
        if (!cancelled) setLoaded(() => component);
      },
      (error: unknown) => console.warn('The toast containers could not be loaded.', error),
    );
    return () => {
      cancelled = true;
    };
  }, [demand, Toasters]);

  return (
    <ToastCenterContext.Provider value={center}>
      {children}
      {demand > 0 && Toasters && <Toasters center={center} />}
    </ToastCenterContext.Provider>
  );
}
