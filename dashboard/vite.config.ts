import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The dashboard, served by Heed under /app with hashed, immutable assets. It talks to /v1 through
// @heed/client, built here from the client's sources.
export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  base: "/app/",
  plugins: [react()],
  resolve: { alias: { "@heed/client": fileURLToPath(new URL("../packages/client/src/index.ts", import.meta.url)) } },
  build: {
    outDir: fileURLToPath(new URL("../dist/dashboard", import.meta.url)),
    emptyOutDir: true,
    // No inline script or style anywhere: the Content-Security-Policy allows neither.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
  },
  logLevel: "warn",
});
