// A verb checks uniqueness and references before it writes, but two requests can pass the check at
// once; the database's constraint then refuses the second. That is a conflict the client can retry
// (409), not a bug (500). Codes: PostgreSQL SQLSTATE class 23, SQLite SQLITE_CONSTRAINT_*.
const POSTGRES = new Set(["23505", "23503"]); // unique_violation, foreign_key_violation
const SQLITE = new Set(["SQLITE_CONSTRAINT_UNIQUE", "SQLITE_CONSTRAINT_PRIMARYKEY", "SQLITE_CONSTRAINT_FOREIGNKEY"]);

export function isConstraintConflict(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && (POSTGRES.has(code) || SQLITE.has(code));
}
