/**
 * Where to go once the password is dealt with: the page the guard turned the user away from, when it
 * passed one in navigation state (`{from: '/path'}` or `{from: location}`), else home. Only paths of
 * this console are followed.
 */
export function returnPathOf(state: unknown): string {
  const from = (state as { from?: unknown } | null | undefined)?.from;
  let path: string | undefined;
  if (typeof from === 'string') path = from;
  else if (from && typeof from === 'object' && typeof (from as { pathname?: unknown }).pathname === 'string') {
    const { pathname, search, hash } = from as { pathname: string; search?: string; hash?: string };
    path = `${pathname}${search ?? ''}${hash ?? ''}`;
  }
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.startsWith('/expiring-password')) return '/';
  return path;
}
