import type { Readable } from "node:stream";

/** A blob's stream as a web stream for a response: each piece read as the client takes the last (a slow client holds one). */
export function webStreamOf(blob: Readable): ReadableStream<Uint8Array> {
  const pieces = blob[Symbol.asyncIterator]() as AsyncIterator<Uint8Array>;
  return new ReadableStream({
    async pull(controller) {
      const next = await pieces.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    async cancel() {
      await pieces.return?.(undefined);
    },
  });
}
