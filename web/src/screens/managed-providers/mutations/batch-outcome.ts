import { MESSAGES } from '@meridian/schema';
import { messageOfError } from '../../../components/mutation-outcome.js';

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

interface BatchPayloadLike extends BatchCounts {
  results: readonly RowResult[];
  inputErrors: readonly { field?: string | null; message: string }[];
}

/** A payload without results but with input errors is a refused request (too many rows, a malformed one). */
export function outcomeOfBatchPayload(payload: BatchPayloadLike | null | undefined): BatchOutcome {
  if (!payload) return { ok: false, message: MESSAGES.defaultToastError };
  if (payload.results.length === 0 && payload.inputErrors.length > 0)
    return { ok: false, message: payload.inputErrors.map((error) => error.message).join(' ') };
  const { created, updated, unchanged, removed, notFound, errors } = payload;
  return {
    ok: true,
    results: [...payload.results],
    counts: { created, updated, unchanged, removed, notFound, errors },
  };
}

export function outcomeOfBatchError(error: unknown): BatchOutcome {
  return { ok: false, message: messageOfError(error) };
}
