import type { Selectable } from "kysely";
import type { Db } from "../db/database.js";
import type { Database } from "../db/schema.js";
import { claimRows, dueRows } from "./claim.js";
import type { Where } from "./lease.js";
import type { Queue } from "./queue.js";
import type { RetriedTable } from "./settle.js";

// Lease, then send: the due rows of an outbound queue (mail, a provider's API) taken under a lease
// and sent, `concurrency` at a time. A row's send writes its own end (settle.ts), which lets go of
// its lease; a process killed mid-send leaves the lease to run out, and the row is sent again: at
// least once.

export interface SendDue<T extends RetriedTable> {
  due: Where<T>;
  /** Rows taken per pass. */
  batch: number;
  /** A lease covers a send (its timeout) with room: `each` claims every row just before its send, `batch` the pass's rows at once. */
  leaseMs: number;
  claim: "each" | "batch";
  concurrency?: number;
  returning?: readonly (keyof Database[T] & string)[];
}

/**
 * Sends what is due, oldest first; how many rows it took. `sender` hears the rows claimed together
 * (to read what they need in a few queries) and gives the send of one.
 */
export async function sendDue<T extends RetriedTable, R = Selectable<Database[T]>>(
  db: Db,
  queue: Queue<T>,
  options: SendDue<T>,
  sender: (claimed: R[]) => Promise<(row: R) => Promise<void>>,
): Promise<number> {
  const candidates = await dueRows(db, queue, { due: options.due, orderBy: "next_attempt_at", limit: options.batch });
  if (candidates.length === 0) return 0;
  const take = { due: options.due, leaseMs: options.leaseMs, returning: options.returning };
  if (options.claim === "each") {
    let sent = 0;
    for (const candidate of candidates) {
      const [claimed] = await claimRows<T, R>(db, queue, [candidate], take);
      if (!claimed) continue;
      await (await sender([claimed.row]))(claimed.row);
      sent++;
    }
    return sent;
  }
  const claimed = (await claimRows<T, R>(db, queue, candidates, take)).map((c) => c.row);
  if (claimed.length === 0) return 0;
  const send = await sender(claimed);
  let next = 0;
  const lane = async () => {
    while (next < claimed.length) await send(claimed[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency ?? 1, claimed.length) }, lane));
  return claimed.length;
}
