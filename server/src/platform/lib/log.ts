// One-line JSON logs on stderr, so any log collector can parse them; stdout stays free for the
// `heed` command's output.
type Fields = Record<string, unknown>;

function write(level: "info" | "warn" | "error", message: string, fields: Fields = {}): void {
  const out: Fields = { time: new Date().toISOString(), level, message };
  for (const [k, v] of Object.entries(fields)) {
    out[k] = v instanceof Error ? { name: v.name, message: v.message, stack: v.stack } : v;
  }
  process.stderr.write(`${JSON.stringify(out)}\n`);
}

export const log = {
  info: (message: string, fields?: Fields) => {
    if (process.env.LOG_LEVEL !== "silent" && process.env.LOG_LEVEL !== "error") write("info", message, fields);
  },
  warn: (message: string, fields?: Fields) => {
    if (process.env.LOG_LEVEL !== "silent") write("warn", message, fields);
  },
  error: (message: string, fields?: Fields) => {
    if (process.env.LOG_LEVEL !== "silent") write("error", message, fields);
  },
};
