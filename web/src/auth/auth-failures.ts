import type { AuthFailure } from './session-ended.js';

type Listener = (failure: AuthFailure) => void;

/**
 * Where the Apollo client (made before React renders) reports auth failures, and the signed-in part of
 * the auth provider listens. Failures while nobody listens (signed out) are dropped.
 */
export class AuthFailureChannel {
  private listener: Listener | null = null;

  report = (failure: AuthFailure): void => {
    this.listener?.(failure);
  };

  listen(listener: Listener): () => void {
    this.listener = listener;
    return () => {
      if (this.listener === listener) this.listener = null;
    };
  }
}
