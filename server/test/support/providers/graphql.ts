// Just enough GraphQL for a fake server: parse an executable document (operations, fragments,
// spreads, inline fragments, arguments and variables), run its root fields against resolvers, and
// answer only the fields the document selected, as a GraphQL server does, so a client that forgets
// to select a field it reads fails here as it would against the real API. No schema, no
// validation: a selected field the fake's object lacks answers null.

type Value = { variable: string } | string | number | boolean | null | Value[] | { [key: string]: Value };

export type Selection =
  | { kind: "field"; alias: string | null; name: string; args: Record<string, Value>; selections: Selection[] | null }
  | { kind: "spread"; name: string }
  | { kind: "inline"; on: string | null; selections: Selection[] };

interface Operation {
  type: "query" | "mutation";
  name: string | null;
  selections: Selection[];
}

export interface Document {
  operations: Operation[];
  fragments: Map<string, { on: string; selections: Selection[] }>;
}

/** A resolver's refusal, answered in the `errors` list. */
export class GraphQLFailure extends Error {
  constructor(
    message: string,
    readonly extensions: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

const TOKEN = /[\s,]+|#[^\n]*|(\.\.\.|[{}()[\]:=!$@]|"(?:\\.|[^"\\])*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|[_A-Za-z][_0-9A-Za-z]*)/y;

function tokenize(source: string): string[] {
  const tokens: string[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < source.length) {
    const at = TOKEN.lastIndex;
    const match = TOKEN.exec(source);
    if (!match) throw new Error(`Syntax Error: unexpected character at ${at}`);
    if (match[1] !== undefined) tokens.push(match[1]);
  }
  return tokens;
}

export function parseDocument(source: string): Document {
  const tokens = tokenize(source);
  let i = 0;
  const peek = () => tokens[i];
  const next = () => {
    const token = tokens[i++];
    if (token === undefined) throw new Error("Syntax Error: unexpected end of document");
    return token;
  };
  const expect = (token: string) => {
    const got = next();
    if (got !== token) throw new Error(`Syntax Error: expected ${token}, found ${got}`);
  };
  const skipBalanced = (open: string, close: string) => {
    let depth = 0;
    do {
      const token = next();
      if (token === open) depth++;
      else if (token === close) depth--;
    } while (depth > 0);
  };
  const directives = () => {
    while (peek() === "@") {
      next();
      next();
      if (peek() === "(") skipBalanced("(", ")");
    }
  };
  const value = (): Value => {
    const token = next();
    if (token === "$") return { variable: next() };
    if (token.startsWith('"')) return JSON.parse(token) as string;
    if (/^-?\d/.test(token)) return Number(token);
    if (token === "true" || token === "false") return token === "true";
    if (token === "null") return null;
    if (token === "[") {
      const list: Value[] = [];
      while (peek() !== "]") list.push(value());
      next();
      return list;
    }
    if (token === "{") {
      const object: Record<string, Value> = {};
      while (peek() !== "}") {
        const key = next();
        expect(":");
        object[key] = value();
      }
      next();
      return object;
    }
    return token; // an enum value
  };
  const selectionSet = (): Selection[] => {
    expect("{");
    const selections: Selection[] = [];
    while (peek() !== "}") {
      if (peek() === "...") {
        next();
        if (peek() === "on" || peek() === "{" || peek() === "@") {
          let on: string | null = null;
          if (peek() === "on") {
            next();
            on = next();
          }
          directives();
          selections.push({ kind: "inline", on, selections: selectionSet() });
        } else {
          selections.push({ kind: "spread", name: next() });
          directives();
        }
        continue;
      }
      let name = next();
      let alias: string | null = null;
      if (peek() === ":") {
        next();
        alias = name;
        name = next();
      }
      const args: Record<string, Value> = {};
      if (peek() === "(") {
        next();
        while (peek() !== ")") {
          const arg = next();
          expect(":");
          args[arg] = value();
        }
        next();
      }
      directives();
      selections.push({ kind: "field", alias, name, args, selections: peek() === "{" ? selectionSet() : null });
    }
    next();
    return selections;
  };

  const document: Document = { operations: [], fragments: new Map() };
  while (i < tokens.length) {
    const token = peek();
    if (token === "{") {
      document.operations.push({ type: "query", name: null, selections: selectionSet() });
    } else if (token === "query" || token === "mutation") {
      next();
      const name = peek() !== "(" && peek() !== "{" && peek() !== "@" ? next() : null;
      if (peek() === "(") skipBalanced("(", ")");
      directives();
      document.operations.push({ type: token, name, selections: selectionSet() });
    } else if (token === "fragment") {
      next();
      const name = next();
      expect("on");
      const on = next();
      directives();
      document.fragments.set(name, { on, selections: selectionSet() });
    } else {
      throw new Error(`Syntax Error: unexpected ${token}`);
    }
  }
  return document;
}

function resolveValue(value: Value, variables: Record<string, unknown>): unknown {
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((item) => resolveValue(item, variables));
  if ("variable" in value && typeof value.variable === "string") return variables[value.variable];
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, resolveValue(item as Value, variables)]));
}

/** The fields a selection set names, with spreads and inline fragments that apply to `typename` flattened in. */
function fieldsOf(selections: Selection[], document: Document, typename: unknown): Extract<Selection, { kind: "field" }>[] {
  const applies = (on: string | null) => on === null || typename === undefined || on === typename;
  return selections.flatMap((selection) => {
    if (selection.kind === "field") return [selection];
    if (selection.kind === "inline") return applies(selection.on) ? fieldsOf(selection.selections, document, typename) : [];
    const fragment = document.fragments.get(selection.name);
    if (!fragment) throw new Error(`Unknown fragment "${selection.name}"`);
    return applies(fragment.on) ? fieldsOf(fragment.selections, document, typename) : [];
  });
}

/** `value` cut down to what `selections` asked for. */
export function project(value: unknown, selections: Selection[], document: Document): unknown {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.map((item) => project(item, selections, document));
  const object = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const field of fieldsOf(selections, document, object.__typename)) {
    const item = object[field.name];
    out[field.alias ?? field.name] = field.selections ? project(item, field.selections, document) : (item ?? null);
  }
  return out;
}

export type Resolvers = Record<string, (args: Record<string, unknown>) => unknown>;

/** Runs a request's operation: `{data}`, or `{data: null, errors}` when a root field failed (Linear's are non-null). */
export function execute(
  source: string,
  variables: Record<string, unknown>,
  operationName: string | undefined,
  roots: { query: Resolvers; mutation: Resolvers },
): { data: Record<string, unknown> | null; errors?: { message: string; path?: string[]; extensions: Record<string, unknown> }[] } {
  let document: Document;
  try {
    document = parseDocument(source);
  } catch (error) {
    return { data: null, errors: [{ message: (error as Error).message, extensions: { code: "GRAPHQL_PARSE_FAILED", type: "graphql error" } }] };
  }
  const operation = operationName ? document.operations.find((op) => op.name === operationName) : document.operations[0];
  if (!operation) return { data: null, errors: [{ message: "Unknown operation", extensions: { type: "graphql error" } }] };
  const data: Record<string, unknown> = {};
  const errors: { message: string; path: string[]; extensions: Record<string, unknown> }[] = [];
  for (const field of fieldsOf(operation.selections, document, undefined)) {
    const key = field.alias ?? field.name;
    const resolver = roots[operation.type][field.name];
    if (!resolver) {
      errors.push({
        message: `Cannot query field "${field.name}" on type "${operation.type === "query" ? "Query" : "Mutation"}".`,
        path: [key],
        extensions: { type: "graphql error", code: "GRAPHQL_VALIDATION_FAILED" },
      });
      continue;
    }
    const args = Object.fromEntries(Object.entries(field.args).map(([name, value]) => [name, resolveValue(value, variables)]));
    try {
      const result = resolver(args);
      data[key] = field.selections ? project(result, field.selections, document) : (result ?? null);
    } catch (error) {
      if (!(error instanceof GraphQLFailure)) throw error;
      errors.push({ message: error.message, path: [key], extensions: error.extensions });
    }
  }
  return errors.length ? { data: null, errors } : { data };
}
