import { spawn } from "node:child_process";

// pg_dump and pg_restore, PostgreSQL's own tools, run as child processes. The database is named by
// the URL without its password, and the password goes in PGPASSWORD: a process's arguments are
// visible to every user of the machine (ps), its environment is not.

export type PgTool = "pg_dump" | "pg_restore";

export interface PgConnection {
  /** A libpq connection URI without the password, for --dbname. */
  dbname: string;
  env: NodeJS.ProcessEnv;
}

/** How pg_dump and pg_restore reach the database of `url` (a postgres:// DATABASE_URL). */
export function pgConnectionOf(url: string): PgConnection {
  const parsed = new URL(url);
  const password = parsed.password ? decodeURIComponent(parsed.password) : undefined;
  parsed.password = "";
  // node-postgres reads `ssl=true`, which libpq refuses as an unknown parameter; libpq's word is sslmode.
  const params = new URLSearchParams(parsed.search);
  const ssl = params.get("ssl");
  params.delete("ssl");
  if ((ssl === "true" || ssl === "1") && !params.has("sslmode")) params.set("sslmode", "require");
  // Percent-encoded: URLSearchParams writes a space as +, which libpq reads as a plus sign.
  parsed.search = [...params].map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join("&");
  return { dbname: parsed.toString(), env: password === undefined ? {} : { PGPASSWORD: password } };
}

/** Runs `tool` with `args`; resolves with its stdout, or fails with its own words (or how to install it). */
export function runPgTool(tool: PgTool, args: string[], env: NodeJS.ProcessEnv = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.once("error", (error: NodeJS.ErrnoException) => {
      reject(
        error.code === "ENOENT"
          ? new Error(
              `${tool} is not installed, and Heed uses it on PostgreSQL: install PostgreSQL's client tools (Debian and Ubuntu: apt-get install postgresql-client), version 14 or later and at least the server's`,
            )
          : error,
      );
    });
    child.once("close", (code) => {
      if (code === 0) resolve(stdout);
      else reject(new Error(`${tool} failed (exit ${code}): ${stderr.trim() || "no message"}`));
    });
  });
}
