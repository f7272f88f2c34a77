import { lookup as dnsLookup } from "node:dns";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { isBlockedAddress } from "./ssrf.js";

export interface SendResult {
  status: number | null;
  excerpt: string | null;
  error: string | null;
}

const EXCERPT_BYTES = 1024;

/**
 * The connection resolves the host itself and refuses private addresses at that moment, so the
 * address checked is the address connected to: no window for DNS rebinding between a check and
 * the request.
 */
function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, "", 0);
      const list = addresses as unknown as { address: string; family: number }[];
      const blocked = allowPrivate ? undefined : list.find((a) => isBlockedAddress(a.address));
      if (blocked) return callback(new Error(`refused: ${hostname} resolves to ${blocked.address}, a private address`), "", 0);
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: typeof list) => void)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

// Connections to receivers are kept alive between deliveries: a lane sends one event after the
// other to the same host. The guarded lookup runs for every new connection.
const agents = {
  http: { guarded: new http.Agent({ keepAlive: true, maxSockets: 8 }), open: new http.Agent({ keepAlive: true, maxSockets: 8 }) },
  https: { guarded: new https.Agent({ keepAlive: true, maxSockets: 8 }), open: new https.Agent({ keepAlive: true, maxSockets: 8 }) },
};

/** POSTs one delivery; never throws: network failures and timeouts come back as `error`. */
export function sendWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  options: { timeoutMs: number; allowPrivate: boolean },
): Promise<SendResult> {
  return new Promise((resolve) => {
    const target = new URL(url);
    if (!options.allowPrivate && isBlockedAddress(target.hostname)) {
      return resolve({ status: null, excerpt: null, error: `refused: ${target.hostname} is a private address` });
    }
    const secure = target.protocol === "https:";
    const client = secure ? https : http;
    // Separate pools, so a connection opened without the guard is never reused with it.
    const agent = (secure ? agents.https : agents.http)[options.allowPrivate ? "open" : "guarded"];
    const request = client.request(
      target,
      {
        method: "POST",
        headers: { ...headers, "content-length": Buffer.byteLength(body) },
        lookup: guardedLookup(options.allowPrivate),
        timeout: options.timeoutMs,
        agent,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          if (size < EXCERPT_BYTES) chunks.push(chunk);
          size += chunk.length;
        });
        response.on("end", () =>
          resolve({ status: response.statusCode ?? null, excerpt: Buffer.concat(chunks).toString("utf8").slice(0, EXCERPT_BYTES), error: null }),
        );
        response.on("error", (error) => resolve({ status: response.statusCode ?? null, excerpt: null, error: error.message }));
      },
    );
    request.on("timeout", () => request.destroy(new Error(`timed out after ${options.timeoutMs} ms`)));
    request.on("error", (error) => resolve({ status: null, excerpt: null, error: error.message }));
    request.end(body);
  });
}
