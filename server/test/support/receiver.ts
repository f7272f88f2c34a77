import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A real HTTP receiver on loopback that records what reaches it and answers `status()`. */
export async function startReceiver(status: () => number = () => 200, delayMs = 0): Promise<{ url: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", async () => {
      if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
      const code = status();
      if (code >= 200 && code < 300) received.push({ headers: req.headers, body });
      res.writeHead(code, { "content-type": "text/plain" }).end(code < 300 ? "ok" : "not now");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hook`, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
