import { requireSupportedNode } from "./node-version.mjs";

// dist/main.js, the bundle `npm start` runs: the Node.js check, then the server (dist/server.js,
// from main.ts). The server is imported only after the check: its imports (better-sqlite3 among
// them) would crash an older Node before a line of this file ran.
requireSupportedNode("Heed");
await import(new URL("./server.js", import.meta.url).href);
