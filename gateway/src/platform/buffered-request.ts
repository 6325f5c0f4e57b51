import { errors, type Dispatcher } from 'undici';
import type { ClientDisconnect } from '../http/client-disconnect.js';

/** A platform answer read whole. */
export interface BufferedAnswer {
  statusCode: number;
  contentType: string | undefined;
  text: string;
}

/**
 * One request through the pool, its answer read whole into a string. undici's `request` hands every
 * answer over as a Readable stream inside an async_hooks resource; the platform's answers are small JSON
 * documents that are read whole anyway, and that machinery cost more CPU per request than parsing them
 * (perf, `organization(id)` at one connection). The pool's timeouts apply as they do to `request`; the
 * client's disconnect (`signal`) cancels the call with undici's RequestAbortedError.
 */
export function requestBuffered(
  dispatcher: Dispatcher,
  options: Pick<Dispatcher.DispatchOptions, 'method' | 'path' | 'headers' | 'body'>,
  signal?: ClientDisconnect,
): Promise<BufferedAnswer> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new errors.RequestAbortedError());
      return;
    }
    const chunks: Buffer[] = [];
    let statusCode = 0;
    let contentType: string | undefined;
    let controller: Dispatcher.DispatchController | undefined;
    let cancelled = false;
    const cancel = () => {
      cancelled = true;
      controller?.abort(new errors.RequestAbortedError());
    };
    const settled = () => signal?.removeListener('abort', cancel);
    signal?.once('abort', cancel);
    dispatcher.dispatch(options, {
      onRequestStart(started) {
        controller = started;
        // Cancelled while the call waited for a connection.
        if (cancelled) started.abort(new errors.RequestAbortedError());
      },
      onResponseStart(_controller, status, headers) {
        // 1xx answers come before the real one.
        if (status < 200) return;
        const type = headers['content-type'];
        statusCode = status;
        contentType = Array.isArray(type) ? type[0] : type;
      },
      onResponseData(_controller, chunk) {
        chunks.push(chunk);
      },
      onResponseEnd() {
        settled();
        const text = chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8');
        resolve({ statusCode, contentType, text });
      },
      onResponseError(_controller, error) {
        settled();
        reject(error);
      },
    });
  });
}
