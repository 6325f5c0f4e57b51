import { Component, type ErrorInfo, type ReactNode } from 'react';
import { LoadingScreen } from '../../components/LoadingScreen.js';
import { isChunkLoadError, reloadOnce } from '../../lib/chunk-reload.js';
import { NotFoundPage } from './NotFoundPage.js';

export interface RouteErrorBoundaryProps {
  children: ReactNode;
  /** The current path: moving to another page clears a caught error. */
  resetKey: string;
}

interface RouteErrorBoundaryState {
  error: unknown;
  /** The path the error happened on. */
  failedAt: string | null;
  reloading: boolean;
}

/**
 * Render errors below the route table (spec section 8): a failed dynamic import reloads the page once
 * (a new release replaced the chunk); anything else shows the 404 page. The 404 page is part of the
 * main bundle on purpose, so it can still be shown when chunks cannot be fetched.
 */
export class RouteErrorBoundary extends Component<RouteErrorBoundaryProps, RouteErrorBoundaryState> {
  override state: RouteErrorBoundaryState = { error: null, failedAt: null, reloading: false };

  static getDerivedStateFromError(error: unknown): Partial<RouteErrorBoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(
    props: RouteErrorBoundaryProps,
    state: RouteErrorBoundaryState,
  ): Partial<RouteErrorBoundaryState> | null {
    if (state.error === null) return null;
    if (state.failedAt === null) return { failedAt: props.resetKey };
    return state.failedAt === props.resetKey ? null : { error: null, failedAt: null, reloading: false };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    if (isChunkLoadError(error) && reloadOnce()) {
      this.setState({ reloading: true });
      return;
    }
    console.error('A page failed to render; showing the not-found page.', error, info.componentStack);
  }

  override render(): ReactNode {
    if (this.state.error === null) return this.props.children;
    if (this.state.reloading) return <LoadingScreen label="Loading the latest version" />;
    return <NotFoundPage />;
  }
}
