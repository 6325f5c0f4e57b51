import { Spinner } from '@blueprintjs/core';
import './loading-screen.css';

export interface LoadingScreenProps {
  /** What is being waited for, read out by screen readers. */
  label?: string;
}

/** The full-page wait shown while the session user loads (and while a page's code arrives). */
export function LoadingScreen({ label = 'Loading' }: LoadingScreenProps) {
  return (
    <div className="meridian-loading-screen" role="status" aria-live="polite">
      <Spinner aria-label={label} />
      <span className="meridian-visually-hidden">{label}</span>
    </div>
  );
}
