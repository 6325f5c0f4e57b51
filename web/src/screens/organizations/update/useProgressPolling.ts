import { useQuery } from '@apollo/client/react';
import { OrganizationProgressDocument } from './organization-query.js';

/** How often a running job's progress is read (a step takes 1.5 s locally). */
export const PROGRESS_POLL_MS = 1000;

/**
 * While a lifecycle job runs, reads its progress (and the state and credentials it changes) every
 * second; the normalized cache carries each answer to the header and every sub-page. Stops by itself
 * once no job runs: the answer that says so turns `running` false.
 */
export function useProgressPolling(organizationId: string, running: boolean): void {
  useQuery(OrganizationProgressDocument, {
    variables: { id: organizationId },
    skip: !running,
    pollInterval: PROGRESS_POLL_MS,
    fetchPolicy: 'network-only',
    // A failed read is retried by the next poll; nothing to show for it.
    errorPolicy: 'ignore',
  });
}
