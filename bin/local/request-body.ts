import type { IncomingMessage } from 'node:http';

export class BodyTooLargeError extends Error {
  constructor() {
    super('Payload Too Large');
  }
}

/** The whole request body; rejects past `maxBytes` so a runaway upload cannot exhaust memory. */
export function readBody(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        req.removeAllListeners('data');
        req.resume();
        reject(new BodyTooLargeError());
        return;
      }
      chunks.push(chunk);
    });
    req.once('end', () => resolve(Buffer.concat(chunks)));
    req.once('error', reject);
  });
}
