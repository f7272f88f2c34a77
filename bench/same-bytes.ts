import { request } from "node:http";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Running, startScript } from "./servers.js";

// The reads' yardstick: a bare node:http server that sends exactly the bytes Heed sends for the
// target being measured (the same status, the same headers by name and size, the same body). A
// ratio against an 11-byte answer would mix in the load generator's cost of reading a 16 KB page;
// against the same bytes, what is left is Heed's own work.

export interface Answer {
  status: number;
  /** Headers as Heed sent them, in order; those node:http writes itself are left out (see below). */
  headers: [string, string][];
  body: Buffer;
}

// node:http writes these itself on every answer, the bare server's as Heed's.
const WRITTEN_BY_NODE = new Set(["date", "connection", "keep-alive", "transfer-encoding"]);

/** Heed's answer to one request, as it crossed the wire (autocannon asks for no compression, nor does this). */
export function captureAnswer(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const pairs: [string, string][] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          const name = res.rawHeaders[i]!;
          if (!WRITTEN_BY_NODE.has(name.toLowerCase())) pairs.push([name, res.rawHeaders[i + 1]!]);
        }
        resolve({ status: res.statusCode!, headers: pairs, body: Buffer.concat(chunks) });
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

// Reads the answer once, then sends it for every request: the least any server can do to send it.
const SAME_BYTES_SERVER = `
const http = require("node:http");
const answer = JSON.parse(require("node:fs").readFileSync(process.env.ANSWER_FILE, "utf8"));
const body = Buffer.from(answer.body, "base64");
const headers = answer.headers.flat();
http.createServer((req, res) => {
  req.resume();
  res.writeHead(answer.status, headers);
  res.end(body);
}).listen(Number(process.env.PORT), "127.0.0.1");
`;

/** A bare server sending `answer` to every request, in its own process as Heed runs in its own. */
export async function startSameBytes(answer: Answer): Promise<Running> {
  const dir = mkdtempSync(join(tmpdir(), "heed-same-bytes-"));
  const file = join(dir, "answer.json");
  writeFileSync(file, JSON.stringify({ status: answer.status, headers: answer.headers, body: answer.body.toString("base64") }));
  const running = await startScript(SAME_BYTES_SERVER, { ANSWER_FILE: file });
  return {
    ...running,
    stop: async () => {
      await running.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The size of an answer on the wire, headers included (what the load generator reads). */
export function answerBytes(answer: Answer): number {
  return answer.body.length + answer.headers.reduce((sum, [name, value]) => sum + name.length + value.length + 4, 0);
}
