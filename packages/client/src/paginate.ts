import type { TypedClient } from "./typed-client.js";
import { HeedApiError } from "./errors.js";

// Follows `nextCursor` page after page, one item at a time:
//   for await (const post of paginate(client, "/posts", { query: { sort: "votes" } })) …

type GetOperation<Paths, Path extends keyof Paths> = Paths[Path] extends { get: infer Operation } ? Operation : never;
type Ok<Operation> = Operation extends { responses: { 200: { content: { "application/json": infer Body } } } } ? Body : never;

/** The paths whose GET answers a list: `{ data: [...], nextCursor }`. */
export type ListPath<Paths> = {
  [Path in keyof Paths]: Ok<GetOperation<Paths, Path>> extends { data: unknown[]; nextCursor: string | null } ? Path : never;
}[keyof Paths];

export type ListItem<Paths, Path extends keyof Paths> = Ok<GetOperation<Paths, Path>> extends { data: (infer Item)[] } ? Item : never;

type Parameters<Operation> = Operation extends { parameters: infer P } ? P : never;
type Query<Operation> = Parameters<Operation> extends { query?: infer Q } ? Omit<NonNullable<Q>, "cursor"> : never;
type PathParameters<Operation> = Parameters<Operation> extends { path: infer P } ? P : never;

/** The list's query parameters (but `cursor`, which paginate follows) and its path parameters. */
export type ListParameters<Paths, Path extends keyof Paths> = {
  query?: Query<GetOperation<Paths, Path>>;
} & ([PathParameters<GetOperation<Paths, Path>>] extends [never] ? { path?: never } : { path: PathParameters<GetOperation<Paths, Path>> });

export async function* paginate<Paths extends {}, Path extends ListPath<Paths>>(
  client: TypedClient<Paths>,
  path: Path,
  ...[parameters]: [PathParameters<GetOperation<Paths, Path>>] extends [never] ? [ListParameters<Paths, Path>?] : [ListParameters<Paths, Path>]
): AsyncGenerator<ListItem<Paths, Path>, void, undefined> {
  // openapi-fetch's types cannot follow a path chosen by a type parameter; the signature above is
  // what keeps callers typed.
  const get = (
    client as unknown as {
      GET: (
        path: unknown,
        init: unknown,
      ) => Promise<{ data?: { data: ListItem<Paths, Path>[]; nextCursor: string | null }; error?: unknown; response: Response }>;
    }
  ).GET;
  let cursor: string | undefined;
  do {
    const { data, error, response } = await get(path, { params: { path: parameters?.path, query: { ...parameters?.query, cursor } } });
    if (error !== undefined || data === undefined) throw new HeedApiError(response, error);
    yield* data.data;
    // A cursor handed back unchanged would ask for the same page for ever.
    if (data.nextCursor !== null && data.nextCursor === cursor) throw new Error(`paginate: ${String(path)} returned the cursor it was given`);
    cursor = data.nextCursor ?? undefined;
  } while (cursor !== undefined);
}
