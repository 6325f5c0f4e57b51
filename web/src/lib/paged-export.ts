import { rateLimitWait } from '../components/mutation-outcome.js';

/**
 * What a list's export reads: every row its filters match, page after page (not the rows on screen),
 * so an export is never capped by a page and no single request asks for everything at once. A page
 * costs rate-limit tokens by the values it holds (decisions.md, "A request costs…"): when the gateway
 * says to wait (429, Retry-After), the export waits and goes on rather than failing.
 */

/** A failure of the export itself (not of a request), said to the person in its own words. */
export class ExportError extends Error {}

/** One page of a list read by offset: its rows and how many the filters match in all. */
export interface OffsetPage<Row> {
  rows: readonly Row[];
  total: number;
}

export interface CollectOptions {
  /** Hears the running count after each page. */
  onProgress?: (count: number) => void;
  /** Hears the seconds the export waits for the rate limit (null once it goes on). */
  onWait?: (seconds: number | null) => void;
  /** Stops the export between two pages, or while it waits (the person left the page). */
  signal?: AbortSignal;
}

/** Waits for the rate limit this many times in a row at most before giving up on a page. */
export const RATE_LIMIT_WAITS = 5;

function sleep(seconds: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(done, seconds * 1000);
    function done() {
      signal?.removeEventListener('abort', aborted);
      resolve();
    }
    function aborted() {
      clearTimeout(timer);
      reject(signal!.reason as Error);
    }
    signal?.addEventListener('abort', aborted, { once: true });
  });
}

/** One page, asked again after the wait the gateway names when it is rate limited (a few times at most). */
export async function pageWithinRateLimit<Page>(
  fetchPage: () => Promise<Page>,
  { onWait, signal }: CollectOptions = {},
): Promise<Page> {
  for (let waits = 0; ; waits++) {
    signal?.throwIfAborted();
    try {
      return await fetchPage();
    } catch (error) {
      const seconds = rateLimitWait(error);
      if (seconds === null || waits >= RATE_LIMIT_WAITS) throw error;
      onWait?.(seconds);
      await sleep(seconds, signal);
      onWait?.(null);
    }
  }
}

/** Every row of an offset-paged list, `pageSize` at a time, until the total is reached or a page runs short. */
export async function collectOffsetPages<Row>(
  fetchPage: (offset: number, limit: number) => Promise<OffsetPage<Row>>,
  pageSize: number,
  options: CollectOptions = {},
): Promise<Row[]> {
  const rows: Row[] = [];
  for (let offset = 0; ; offset += pageSize) {
    const page = await pageWithinRateLimit(() => fetchPage(offset, pageSize), options);
    rows.push(...page.rows);
    options.onProgress?.(rows.length);
    if (page.rows.length < pageSize || offset + pageSize >= page.total) return rows;
  }
}
