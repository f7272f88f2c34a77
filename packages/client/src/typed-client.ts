import type { Client, FetchResponse, MaybeOptionalInit } from "openapi-fetch";
import type { HttpMethod, MediaType, PathsWithMethod, RequiredKeysOf } from "openapi-typescript-helpers";

// openapi-fetch's methods take their options as a type parameter, so TypeScript never checks an
// object literal for excess properties: `{ body: { titel: "…" } }` would compile. These signatures
// compute the options from the path instead, so a misspelt or unknown field is a compile error.

type Init<Paths, Path extends keyof Paths, Method extends HttpMethod> = MaybeOptionalInit<Paths[Path], Method & keyof Paths[Path]>;

type Operation<Paths, Path extends keyof Paths, M extends HttpMethod> = Paths[Path] extends { [K in M]: infer O }
  ? // biome-ignore lint/suspicious/noExplicitAny: the same constraint as openapi-fetch's own client type
    O extends Record<string | number, any>
    ? O
    : never
  : never;

type Method<Paths extends {}, M extends HttpMethod> = <Path extends PathsWithMethod<Paths, M>>(
  url: Path,
  ...init: RequiredKeysOf<NonNullable<Init<Paths, Path, M>>> extends never ? [Init<Paths, Path, M>?] : [Init<Paths, Path, M>]
) => Promise<FetchResponse<Operation<Paths, Path, M>, Record<never, never>, MediaType>>;

/** openapi-fetch's client, with strict options. `Paths` says which routes it may call. */
export interface TypedClient<Paths extends {}> {
  GET: Method<Paths, "get">;
  POST: Method<Paths, "post">;
  PUT: Method<Paths, "put">;
  PATCH: Method<Paths, "patch">;
  DELETE: Method<Paths, "delete">;
  /** openapi-fetch middleware: onRequest / onResponse / onError. */
  use: Client<Paths>["use"];
  eject: Client<Paths>["eject"];
}
