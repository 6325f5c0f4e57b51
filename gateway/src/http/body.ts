import type { IncomingMessage } from 'node:http';

export class BodyTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`The request body is larger than ${limit} bytes.`);
    this.name = 'BodyTooLarge';
  }
}

/** The client went away while sending its body: nothing to answer. */
export class ClientDisconnected extends Error {
  constructor() {
    super('The client disconnected while sending its request.');
    this.name = 'ClientDisconnected';
  }
}

/** Reads a request body, refusing (BodyTooLarge) as soon as it passes `limit` bytes: by its length header, or while streaming. */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) throw new BodyTooLarge(limit);
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of req) {
      const buffer = chunk as Buffer;
      size += buffer.length;
      if (size > limit) throw new BodyTooLarge(limit);
      chunks.push(buffer);
    }
  } catch (error) {
    if (error instanceof BodyTooLarge) throw error;
    // An aborted upload ('aborted', ECONNRESET) is the client leaving, not a fault of ours.
    if (req.destroyed || (error as NodeJS.ErrnoException).code === 'ECONNRESET') throw new ClientDisconnected();
    throw error;
  }
  return Buffer.concat(chunks);
}
