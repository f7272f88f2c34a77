import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import { withFrontDoor, type FrontDoorDeps } from "../front-door/index.js";
import { inFlightRequests } from "../in-flight.js";

// Stopping a server closes the database once the requests in flight are done (start/instance.ts).
// "Done" is the handler's end, not the connection's: a client that resets its connection leaves its
// handler running, and the bench's stops logged "driver has already been destroyed" from such
// handlers. The door counts each request's work, its own and the app's, until it settles.

describe("the requests in flight", () => {
  it("count a handler until it ends, after its client reset the connection and the server closed", async () => {
    const inFlight = inFlightRequests();
    let finish!: () => void;
    let handlerEnded = false;
    // An app whose handler waits (as one waiting for a lock or a provider does), then answers.
    const app = (_req: unknown, res: import("node:http").ServerResponse) =>
      new Promise<void>((resolve) => {
        finish = () => {
          handlerEnded = true;
          if (!res.destroyed) res.end("late");
          resolve();
        };
      });
    // Only a path outside /v1 and /p is asked: the door hands it to the app without using its deps.
    const deps = { operations: [] } as unknown as FrontDoorDeps;
    const server = withFrontDoor(deps, inFlight)({}, app as never);
    server.listen(0, "127.0.0.1");
    await once(server, "listening");

    const socket = connect((server.address() as AddressInfo).port, "127.0.0.1");
    await once(socket, "connect");
    socket.write("GET /slow HTTP/1.1\r\nhost: x\r\n\r\n");
    await expect.poll(() => inFlight.count).toBe(1);
    socket.resetAndDestroy();
    const closed = new Promise((resolve) => server.close(resolve));
    await closed; // the connection is gone: the server is closed, the handler still runs
    let idle = false;
    void inFlight.idle().then(() => (idle = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect([idle, inFlight.count, handlerEnded]).toEqual([false, 1, false]);

    finish();
    await inFlight.idle();
    expect([inFlight.count, handlerEnded]).toEqual([0, true]);
  });

  it("settle at once when nothing runs, and count a failed handler as ended", async () => {
    const inFlight = inFlightRequests();
    await inFlight.idle();
    const failing = inFlight.counting(Promise.reject(new Error("refused")));
    expect(inFlight.count).toBe(1);
    await expect(failing).rejects.toThrow("refused");
    await inFlight.idle();
    expect(inFlight.count).toBe(0);
  });
});
