import type { IncomingMessage } from 'node:http';

/**
 * Reads and drops what is left of a request body. A client still sending a refused upload only reads the answer
 * once it has sent everything (Node's fetch and browsers alike): closing the connection under it turns the answer
 * into EPIPE or a network error. Resolves true once the body has ended, false when more than `maxBytes` were
 * left or it took longer than `maxMs`; the caller then closes the connection.
 */
export function discardRequestBody(request: IncomingMessage, maxBytes: number, maxMs: number): Promise<boolean> {
  if (request.complete || request.readableEnded) return Promise.resolve(true);
  return new Promise((resolve) => {
    let received = 0;
    const finish = (ended: boolean) => {
      clearTimeout(timer);
      request.off('data', onData);
      request.off('end', onEnd);
      request.off('close', onClose);
      request.off('error', onClose);
      resolve(ended);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > maxBytes) finish(false);
    };
    const onEnd = () => finish(true);
    const onClose = () => finish(request.complete);
    const timer = setTimeout(() => finish(false), maxMs);
    // whoever was reading (the multipart parser) has given up: the rest goes nowhere
    request.unpipe();
    request.on('data', onData);
    request.once('end', onEnd);
    request.once('close', onClose);
    request.once('error', onClose);
    request.resume();
  });
}
