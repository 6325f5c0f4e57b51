/**
 * What a list's export reads: every row its filters match, page after page (not the rows on screen),
 * so an export is never capped by a page and no single request asks for everything at once.
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
  /** Stops the export between two pages (the person left the page). */
  signal?: AbortSignal;
}

/** Every row of an offset-paged list, `pageSize` at a time, until the total is reached or a page runs short. */
export async function collectOffsetPages<Row>(
  fetchPage: (offset: number, limit: number) => Promise<OffsetPage<Row>>,
  pageSize: number,
  { onProgress, signal }: CollectOptions = {},
): Promise<Row[]> {
  const rows: Row[] = [];
  for (let offset = 0; ; offset += pageSize) {
    signal?.throwIfAborted();
    const page = await fetchPage(offset, pageSize);
    rows.push(...page.rows);
    onProgress?.(rows.length);
    if (page.rows.length < pageSize || offset + pageSize >= page.total) return rows;
  }
}
