// Heed runs on Node.js 24 or later (package.json's `engines`). On an older Node, better-sqlite3's
// native module crashes the process with a segmentation fault, which says nothing of why. So every
// entry point (the bundle's dist/main.js, the `heed` command) runs this first, before anything else
// is loaded, and an older Node stops with one line. Plain JavaScript: it runs before TypeScript can.

export const NODE_MAJOR = 24;

/** Ends the process with one line naming the Node it needs, unless this one is recent enough. */
export function requireSupportedNode(what) {
  const major = Number(process.versions.node.split(".")[0]);
  if (major >= NODE_MAJOR) return;
  process.stderr.write(
    `${what} needs Node.js ${NODE_MAJOR} or later, and this is Node.js ${process.versions.node}: run it through npm (npm start, npx heed), which uses the Node.js ${NODE_MAJOR} that npm ci installs, or with node_modules/.bin/node.\n`,
  );
  process.exit(1);
}
