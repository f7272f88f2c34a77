#!/usr/bin/env node
// `npx heed …`: runs the TypeScript CLI through tsx, so no build step is needed. Node's version is
// checked before anything else is loaded (server/src/start/node-version.mjs).
import { requireSupportedNode } from "../server/src/start/node-version.mjs";

requireSupportedNode("heed");
const { register } = await import("tsx/esm/api");
register();
await import("../server/src/cli.ts");
