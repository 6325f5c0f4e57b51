import { useCallback, useEffect, useRef, useState } from 'react';
import { downloadCsv } from '../lib/download.js';
import { formatCount } from '../lib/numbers.js';
import { ExportError, type CollectOptions } from '../lib/paged-export.js';
import { messageOfError } from './mutation-outcome.js';
import { useToasts } from './toasts/useToasts.js';

/** A finished export: the file to save and how many rows it holds. */
export interface ExportedFile {
  fileName: string;
  csv: string;
  count: number;
}

/**
 * Reads every matching row and writes the file, telling `progress` the running count and any wait for
 * the rate limit; stops when its signal aborts. The options go to the paged collectors as they are.
 */
export type ExportRun = (options: Required<CollectOptions>) => Promise<ExportedFile>;

export interface ListExport {
  /** Rows read so far while an export runs; null when none runs. */
  progress: number | null;
  /** Seconds the export waits for the gateway's rate limit before its next page; null when it is not waiting. */
  waiting: number | null;
  start: () => void;
}

/**
 * One export at a time of what a list's filters match (activity, users, organizations): runs `run`,
 * saves its file and says how many rows it held, or why it failed. Leaving the page stops it between
 * two pages. Pages are read past the cache ('no-cache' in each run): an export must not fill the
 * persisted cache.
 */
export function useListExport(run: ExportRun, noun: { one: string; many: string }): ListExport {
  const toasts = useToasts();
  const [progress, setProgress] = useState<number | null>(null);
  const [waiting, setWaiting] = useState<number | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const start = useCallback(() => {
    if (abort.current) return;
    const controller = new AbortController();
    abort.current = controller;
    setProgress(0);
    run({ onProgress: setProgress, onWait: setWaiting, signal: controller.signal })
      .then(({ fileName, csv, count }) => {
        downloadCsv(fileName, csv);
        toasts.show({
          type: 'success',
          message: `Exported ${formatCount(count)} ${count === 1 ? noun.one : noun.many}.`,
        });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        const reason = error instanceof ExportError ? error.message : messageOfError(error);
        toasts.show({ type: 'error', message: `The export failed: ${reason}` });
      })
      .finally(() => {
        if (abort.current === controller) abort.current = null;
        setProgress(null);
        setWaiting(null);
      });
  }, [run, toasts, noun.one, noun.many]);

  return { progress, waiting, start };
}
