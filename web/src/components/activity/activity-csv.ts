import { ExportError, pageWithinRateLimit, type CollectOptions } from '../../lib/paged-export.js';
import { toCsv } from '../../lib/table-csv.js';
import type { Column } from '../../lib/table-columns.js';
import { actorKindText, actorRoleText, changeText, eventSentence, type ActivityEventFields } from './event-words.js';

/** One page of events as the export reads it. */
export interface EventPage<Event> {
  events: readonly Event[];
  endCursor: string | null;
  hasNextPage: boolean;
}

export const EXPORT_CURSOR_MESSAGE = 'The export stopped: the gateway answered a page without a way to continue.';

/**
 * Every event of a filter: pages are asked for one after another, each after the previous one's end
 * cursor, until the gateway says there are no more (the export is of everything the filter matches,
 * not of the pages on screen). `onProgress` hears the running count; a signal stops between pages.
 */
export async function collectAllEvents<Event>(
  fetchPage: (after: string | null) => Promise<EventPage<Event>>,
  options: CollectOptions = {},
): Promise<Event[]> {
  const events: Event[] = [];
  let after: string | null = null;
  for (;;) {
    const cursor = after;
    const page: EventPage<Event> = await pageWithinRateLimit(() => fetchPage(cursor), options);
    events.push(...page.events);
    options.onProgress?.(events.length);
    if (!page.hasNextPage) return events;
    // A page that claims more but gives no new cursor would loop for ever.
    if (page.endCursor === null || page.endCursor === after) throw new ExportError(EXPORT_CURSOR_MESSAGE);
    after = page.endCursor;
  }
}

/**
 * The export's columns (decisions.md): the event in words first, then every fact of it as its own
 * column, so a spreadsheet can filter and sort; the time in UTC (ISO 8601), exactly as recorded.
 */
export function activityCsvColumns(productName: string): Column<ActivityEventFields>[] {
  return [
    { header: 'Time (UTC)', value: (event) => event.occurredAt },
    { header: 'Event', value: (event) => eventSentence(event) },
    { header: 'Action', value: (event) => event.action },
    { header: 'Actor', value: (event) => event.actor },
    { header: 'Actor name', value: (event) => event.actorName ?? null },
    { header: 'Actor kind', value: (event) => actorKindText(event) },
    { header: 'Actor role', value: (event) => actorRoleText(event, productName) || null },
    { header: 'Actor organization', value: (event) => event.actorOrganizationId ?? null },
    { header: 'Organization', value: (event) => event.organizationId ?? null },
    { header: 'Target type', value: (event) => event.targetType ?? null },
    { header: 'Target', value: (event) => event.targetId ?? null },
    { header: 'Changes', value: (event) => event.changes.map(changeText).join('; ') || null },
    { header: 'Details', value: (event) => event.details.map((d) => `${d.name}: ${d.value}`).join('; ') || null },
    { header: 'Request id', value: (event) => event.requestId ?? null },
    { header: 'Client IP', value: (event) => event.clientIp ?? null },
  ];
}

export function activityCsv(events: readonly ActivityEventFields[], productName: string): string {
  return toCsv(activityCsvColumns(productName), events);
}

/** activity-<what was filtered to>-<YYYY-MM-DD>.csv, safe as a file name. */
export function activityCsvFileName(scope: string, now = new Date()): string {
  const slug = scope
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `activity-${slug || 'all'}-${now.toISOString().slice(0, 10)}.csv`;
}
