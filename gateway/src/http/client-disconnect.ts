import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import type { Logger } from 'pino';

/**
 * Says 'abort' when the client goes away before its answer is written. An EventEmitter, which undici
 * takes as a request's signal: an AbortController (an EventTarget) per request costs several times more.
 */
export class ClientDisconnect extends EventEmitter {
  aborted = false;

  constructor(res: ServerResponse, log: Logger) {
    super();
    res.once('close', () => {
      if (res.writableFinished) return;
      log.info('Client disconnected before the answer: cancelling its platform calls');
      this.aborted = true;
      this.emit('abort');
    });
  }
}
