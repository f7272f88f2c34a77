import { createHash } from "node:crypto";
import { PORTAL_STYLES } from "./styles.js";

// The portal's stylesheet, served with a content hash in its address, so browsers keep it for a
// year and fetch a new version at once. Under /p/_/: `_` is never a workspace slug. (A TS module
// rather than a .css file: the server is bundled into one file by esbuild, and run from sources
// by tsx, and both read a module the same way.)

export const PORTAL_CSS = Buffer.from(PORTAL_STYLES);
export const PORTAL_CSS_URL = `/p/_/portal.css?v=${createHash("sha256").update(PORTAL_CSS).digest("hex").slice(0, 12)}`;
