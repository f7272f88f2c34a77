import type { Attributes } from "@opentelemetry/api";
import type { CompiledQuery, DatabaseConnection, OperationNode, QueryResult } from "kysely";
import type { Tracing } from "./start.js";

// A span per database statement run while a request is traced, a child of the request's span. It
// holds what the statement does (select, insert…) and to which table, never its text: Heed's
// statements carry their values as parameters, but some hold literals in their SQL (a status
// category, a cut-off), and a span should say nothing a reader of the database could not guess.
// A statement outside any request (migrations, timers on the serving thread) starts no trace:
// a poll every 100 ms would bury the requests' traces under its own.

type System = "sqlite" | "postgresql";

interface Described {
  name: string;
  attributes: Attributes;
}

/** The one table a statement reads or writes, when it names one plainly. */
function tableOf(node: OperationNode | undefined): string | undefined {
  if (!node) return undefined;
  const n = node as { kind: string; table?: { identifier: { name: string } }; node?: OperationNode; froms?: readonly OperationNode[] };
  if (n.kind === "TableNode") return n.table?.identifier.name;
  if (n.kind === "AliasNode") return tableOf(n.node);
  if (n.kind === "FromNode" && n.froms?.length === 1) return tableOf(n.froms[0]);
  return undefined;
}

const OPERATIONS: Record<string, string> = {
  SelectQueryNode: "select",
  InsertQueryNode: "insert",
  UpdateQueryNode: "update",
  DeleteQueryNode: "delete",
  MergeQueryNode: "merge",
};

function describe(tracing: Tracing, system: System, query: CompiledQuery): Described {
  const node = query.query as OperationNode & { from?: OperationNode; into?: OperationNode; table?: OperationNode };
  // A statement Kysely did not build (sql``, PRAGMA, BEGIN) is named by its first word.
  const operation = OPERATIONS[node.kind] ?? /^\s*(\w+)/.exec(query.sql)?.[1]?.toLowerCase() ?? "statement";
  const table = node.kind in OPERATIONS ? tableOf(node.from ?? node.into ?? node.table) : undefined;
  const { ATTR_DB_COLLECTION_NAME, ATTR_DB_OPERATION_NAME } = tracing.semconv;
  const attributes: Attributes = { "db.system.name": system, [ATTR_DB_OPERATION_NAME]: operation };
  if (table) attributes[ATTR_DB_COLLECTION_NAME] = table;
  return { name: table ? `${operation} ${table}` : operation, attributes };
}

/** A connection whose statements, run within a traced request, are each a span of it. */
export class TracedConnection implements DatabaseConnection {
  constructor(
    private readonly inner: DatabaseConnection,
    private readonly tracing: Tracing,
    private readonly system: System,
  ) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const { api, tracer } = this.tracing;
    const parent = api.context.active();
    if (api.trace.getSpan(parent) === undefined) return this.inner.executeQuery<R>(query);
    const { name, attributes } = describe(this.tracing, this.system, query);
    const span = tracer.startSpan(name, { kind: api.SpanKind.CLIENT, attributes }, parent);
    const failed = (error: unknown) => {
      // The error's code only (SQLITE_BUSY, 23505): its message may quote the values it refused.
      const code = (error as { code?: unknown } | null)?.code;
      span.setAttribute(this.tracing.semconv.ATTR_ERROR_TYPE, typeof code === "string" ? code : "error");
      span.setStatus({ code: api.SpanStatusCode.ERROR });
      span.end();
      throw error;
    };
    try {
      return this.inner.executeQuery<R>(query).then((result) => {
        span.end();
        return result;
      }, failed);
    } catch (error) {
      return failed(error);
    }
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}
