/** The channel every tab of the console listens on for sign-outs (spec section 4). */
export const AUTH_CHANNEL_NAME = 'meridian-auth';

/** A tab is signed out (or found itself signed out): the others remove their user too. */
export interface LogoutMessage {
  type: 'logout';
  /** Why, when the sign-out was forced (shown by every tab). */
  reason?: string;
}

/**
 * A tab started signing out at the provider: the others drop their user and data at once, but wait for
 * its `logout` (sent when it lands back, signed out at the provider) before going to the provider
 * themselves, which would otherwise still find the session and sign them straight back in.
 */
export interface SigningOutMessage {
  type: 'signing-out';
}

export type AuthMessage = LogoutMessage | SigningOutMessage;

function isAuthMessage(data: unknown): data is AuthMessage {
  const type = typeof data === 'object' && data !== null ? (data as { type?: unknown }).type : undefined;
  return type === 'logout' || type === 'signing-out';
}

type Listener = (message: AuthMessage) => void;

const listeners = new Set<Listener>();
let channel: BroadcastChannel | null = null;

/**
 * This page's one channel, for sending and receiving alike: a BroadcastChannel object never receives
 * its own messages, while every other object of the name would, this page's included. Browsers
 * without BroadcastChannel (none we support) simply do not broadcast.
 */
function pageChannel(): BroadcastChannel | null {
  if (channel || typeof BroadcastChannel !== 'function') return channel;
  channel = new BroadcastChannel(AUTH_CHANNEL_NAME);
  channel.onmessage = (event: MessageEvent<unknown>) => {
    if (!isAuthMessage(event.data)) return;
    for (const listener of [...listeners]) listener(event.data);
  };
  return channel;
}

function post(message: AuthMessage): void {
  pageChannel()?.postMessage(message);
}

/** Tells the other tabs to sign out. */
export function broadcastLogout(reason?: string): void {
  post({ type: 'logout', ...(reason ? { reason } : {}) });
}

/** Tells the other tabs that this one is on its way to the provider's sign-out. */
export function broadcastSigningOut(): void {
  post({ type: 'signing-out' });
}

/** Calls `onMessage` for each message from another tab; returns the unsubscribe. */
export function onMessageFromOtherTab(onMessage: Listener): () => void {
  pageChannel();
  listeners.add(onMessage);
  return () => {
    listeners.delete(onMessage);
  };
}
