import { spawn } from "node:child_process";
import type { Db } from "../server/src/platform/db/database.js";
import { nowIso } from "../server/src/platform/lib/clock.js";
import { newId } from "../server/src/platform/lib/ids.js";
import { measure, type Measurement } from "./load.js";
import { ROOT, startHeed, treeCpuMicros } from "./servers.js";

// Closing the loop at scale: a status change on a post with many voters (10,000 by default), every
// one told by mail at once (NOTIFICATION_WINDOW_SECONDS=0), through a sink in a process of its own.
// Kept reads (page 1) are measured before, and again while the mail goes out.

export interface NotificationFigures {
  voters: number;
  received: number;
  repeatedRecipients: number;
  repeatedMessageIds: number;
  /** From the status change's answer to the last mail's arrival, in ms. */
  toLastMs: number;
  mailsPerSecond: number;
  concurrency: number;
  readsBefore: Measurement;
  readsDuring: Measurement;
  /** Mails the sink had taken when the reads measured meanwhile ended. */
  receivedDuringReads: number;
  /** CPU time the sink spent per mail, in µs (the bench's own cost, on the same cores). */
  sinkCpuPerMail: number;
}

/** Gives the post `voters` voters with addresses, each following it, straight into the database. */
export async function seedVoters(db: Db, workspaceId: string, postId: string, voters: number): Promise<void> {
  const at = nowIso();
  for (let start = 0; start < voters; start += 500) {
    const users = Array.from({ length: Math.min(500, voters - start) }, (_, i) => ({
      id: newId("user"),
      workspace_id: workspaceId,
      external_id: `notify-${start + i}`,
      email: `notify-${start + i}@people.test`,
      name: null,
      avatar_url: null,
      company_id: null,
      traits: "{}",
      created_at: at,
      updated_at: at,
      last_seen_at: null,
      deleted_at: null,
    }));
    await db.insertInto("users").values(users).execute();
    await db
      .insertInto("votes")
      .values(users.map((u) => ({ workspace_id: workspaceId, post_id: postId, user_id: u.id, created_by: null, created_at: at })))
      .execute();
    await db
      .insertInto("post_followers")
      .values(users.map((u) => ({ workspace_id: workspaceId, post_id: postId, follower_id: u.id, reason: "voted", created_at: at })))
      .execute();
  }
}

function startSink(): Promise<{
  smtpUrl: string;
  stats: () => Promise<{ received: number; repeatedRecipients: number; repeatedMessageIds: number; lastAt: number }>;
  cpuMicros: () => number;
  stop: () => void;
}> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "bench/smtp-sink.ts"], { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"] });
    process.once("exit", () => child.kill("SIGKILL"));
    child.stdout.once("data", (line: Buffer) => {
      const match = /smtp=(\d+) stats=(\d+)/.exec(line.toString());
      if (!match) return reject(new Error(`sink said ${line}`));
      resolve({
        smtpUrl: `smtp://127.0.0.1:${match[1]}`,
        stats: async () => (await fetch(`http://127.0.0.1:${match[2]}/stats`)).json(),
        cpuMicros: () => treeCpuMicros(child.pid!),
        stop: () => child.kill("SIGTERM"),
      });
    });
    child.once("exit", (code) => reject(new Error(`sink exited with ${code}`)));
  });
}

const CONCURRENCY = Number(process.env.NOTIFICATION_CONCURRENCY ?? 8);

export async function measureNotifications(
  databaseUrl: string,
  target: { postId: string; statusId: string; writer: string; readKey: string; voters: number },
  options: { seconds: number; connections: number },
): Promise<NotificationFigures> {
  const sink = await startSink();
  const sinkCpuBefore = sink.cpuMicros();
  const heed = await startHeed(databaseUrl, {
    SMTP_URL: sink.smtpUrl,
    NOTIFICATION_WINDOW_SECONDS: "0",
    NOTIFICATION_POLL_MS: "100",
    NOTIFICATION_CONCURRENCY: String(CONCURRENCY),
  });
  try {
    const page1 = `${heed.url}/v1/posts?sort=votes&limit=20`;
    const read = { headers: { authorization: `Bearer ${target.readKey}` }, ...options, server: heed };
    const readsBefore = await measure("GET /v1/posts page 1, no mail", page1, read);
    const changed = await fetch(`${heed.url}/v1/posts/${target.postId}/status`, {
      method: "POST",
      headers: { authorization: `Bearer ${target.writer}`, "content-type": "application/json" },
      body: JSON.stringify({ statusId: target.statusId, comment: { body: "Shipped today: thank you for asking." } }),
    });
    if (!changed.ok) throw new Error(`status change ${changed.status}: ${await changed.text()}`);
    const startedAt = Date.now();
    const readsDuring = await measure("… while the mail goes out", page1, read);
    const receivedDuringReads = (await sink.stats()).received;
    // Bounded: the mail has 120 s from the change, then what arrived is what is reported.
    const deadline = startedAt + 120_000;
    let stats = await sink.stats();
    while (stats.received < target.voters && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      stats = await sink.stats();
    }
    // A moment more: a repeat would arrive now.
    await new Promise((r) => setTimeout(r, 2_000));
    stats = await sink.stats();
    const toLastMs = stats.lastAt - startedAt;
    return {
      voters: target.voters,
      received: stats.received,
      repeatedRecipients: stats.repeatedRecipients,
      repeatedMessageIds: stats.repeatedMessageIds,
      toLastMs,
      mailsPerSecond: stats.received / (toLastMs / 1000),
      concurrency: CONCURRENCY,
      readsBefore,
      readsDuring,
      receivedDuringReads,
      sinkCpuPerMail: (sink.cpuMicros() - sinkCpuBefore) / Math.max(1, stats.received),
    };
  } finally {
    await heed.stop();
    sink.stop();
  }
}
