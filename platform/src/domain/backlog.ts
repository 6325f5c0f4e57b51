import { within } from '@meridian/schema/http-server';
import type { Queryable } from '../db/database.js';
import { selectOverdueJobs, selectWebhookBacklog, type OverdueJobs, type WebhookBacklog } from '../stores/backlog.js';

// Readiness and the sweepers' backlog, which the /metrics scrape (http/metrics.ts) shows as gauges.

/** A scrape waits this long for the database; longer and the platform reports itself not ready. */
const DATABASE_TIMEOUT_MS = 2000;

/** What the readiness and backlog gauges show, read from the database at scrape time. */
export interface BacklogSnapshot {
  ready: boolean;
  jobs: OverdueJobs;
  webhooks: WebhookBacklog;
}

const NOT_READY: BacklogSnapshot = {
  ready: false,
  jobs: { count: 0, seconds: 0 },
  webhooks: { pending: 0, pendingPaused: 0, oldestDueSeconds: 0, pausedFailing: 0 },
};

/** Reads readiness and the sweepers' backlog; a database that fails or hangs reads as not ready. */
export async function readBacklog(db: Queryable): Promise<BacklogSnapshot> {
  try {
    const [jobs, webhooks] = await within(
      Promise.all([selectOverdueJobs(db), selectWebhookBacklog(db)]),
      DATABASE_TIMEOUT_MS,
    );
    return { ready: true, jobs, webhooks };
  } catch {
    return NOT_READY;
  }
}
