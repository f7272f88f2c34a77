import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { renderSchema, SCHEMA_FILE } from "./render-schema.js";

// npm run client:generate: rewrites packages/client/src/schema.ts from the server's routes.
writeFileSync(SCHEMA_FILE, await renderSchema());
console.log(`wrote ${fileURLToPath(SCHEMA_FILE)}`);
