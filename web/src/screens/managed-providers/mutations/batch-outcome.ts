import { MESSAGES } from '@meridian/schema';
import { messageOfError } from '../../../components/mutation-outcome.js';
import { getFragmentData, graphql, type FragmentType } from '../../../gql/index.js';

export type RowStatus = 'CREATED' | 'UPDATED' | 'UNCHANGED' | 'REMOVED' | 'NOT_FOUND' | 'ERROR';

/** One row's result as the gateway answers it, in request order. */
export interface RowResult {
  npi: string;
  status: RowStatus;
  message?: string | null;
}

export interface BatchCounts {
  created: number;
  updated: number;
  unchanged: number;
  removed: number;
  notFound: number;
  errors: number;
}

/** What a bulk call came to: each row's result, or why the request as a whole failed. */
export type BatchOutcome = { ok: true; results: RowResult[]; counts: BatchCounts } | { ok: false; message: string };

/** What both bulk mutations answer, read here only. */
export const ProviderLinkBatchFragment = graphql(`
  fragment BatchOutcome_payload on ProviderLinkBatchPayload {
    results {
      npi
      status
      message
    }
    created
    updated
    unchanged
    removed
    notFound
    errors
    inputErrors {
      field
      message
    }
  }
`);

export type BatchPayloadRef = FragmentType<typeof ProviderLinkBatchFragment>;

/** A payload without results but with input errors is a refused request (too many rows, a malformed one). */
export function outcomeOfBatchPayload(ref: BatchPayloadRef | null | undefined): BatchOutcome {
  const payload = getFragmentData(ProviderLinkBatchFragment, ref);
  if (!payload) return { ok: false, message: MESSAGES.defaultToastError };
  if (payload.results.length === 0 && payload.inputErrors.length > 0)
    return { ok: false, message: payload.inputErrors.map((error) => error.message).join(' ') };
  const { created, updated, unchanged, removed, notFound, errors } = payload;
  return {
    ok: true,
    results: payload.results.map(({ npi, status, message }) => ({ npi, status, message })),
    counts: { created, updated, unchanged, removed, notFound, errors },
  };
}

export function outcomeOfBatchError(error: unknown): BatchOutcome {
  return { ok: false, message: messageOfError(error) };
}
