/**
 * A call's path as its log line and span say it: a segment holding an email (`/user/email/{email}`,
 * the caller's own record, fetched whenever it is not cached) is written `:email`, as the platform's own
 * request log writes the route's pattern.
 */
export function pathForLog(path: string): string {
  return path
    .split('/')
    .map((segment) => (/@|%40/i.test(segment) ? ':email' : segment))
    .join('/');
}
