import type { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { Ctx, Services } from "../platform/context.js";
import type { AccountCtx } from "./credentials/account-context.js";
import type { CustomerCtx } from "./credentials/customer-context.js";
import { accountCtx, customerCtx } from "./auth.js";
import type { AppEnv } from "./env.js";
import type { RouteCredential } from "./route-security.js";

// What a verb is called with when its route only calls it (define-operation.ts): the context its
// route's credential brings (the one place that says which kind of caller brings which), and the
// request's validated parts as one `input`.

/** The parts of an operation's spec that make a verb's arguments. */
export interface RequestParts {
  credential: RouteCredential;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
}

type None = Record<never, never>;

/** The context a verb of a route with this credential receives. */
type VerbContext<C extends RouteCredential> = C extends { kind: "session"; member: true } ? { ctx: Ctx } : KindContext<C["kind"]>;

type KindContext<Kind extends RouteCredential["kind"]> = [Kind] extends ["secret"]
  ? { ctx: Ctx }
  : [Kind] extends ["public"]
    ? { ctx: CustomerCtx }
    : [Kind] extends ["session"]
      ? { ctx: AccountCtx }
      : [Kind] extends ["none"]
        ? { services: Services }
        : // A credential whose type does not say its kind (a helper typed as the whole union): any
          // verb's context fits here, and the route's kind decides at run time which one it gets.
          { ctx: CustomerCtx & AccountCtx; services: Services };

type Output<S, Part extends "params" | "query" | "body"> = S extends { [P in Part]: infer T extends z.ZodType } ? z.output<T> : None;
type Spread<A, B> = Omit<A, keyof B> & B;
type Renamed<P, Id extends string> = [Id] extends [never] ? P : Omit<P, "id"> & { [K in Id]: P extends { id: infer T } ? T : never };

/** The verb's `input`: the query, the body, then the path's parameters (its `{id}` named `idAs`). */
type InputOf<S, Id extends string> = Spread<Spread<Output<S, "query">, Output<S, "body">>, Renamed<Output<S, "params">, Id>>;

/** What the verb is called with: the context of the route's credential, and `input` when the request carries any. */
export type VerbArgs<S extends RequestParts, Id extends string> = VerbContext<S["credential"]> &
  (S extends { params: z.ZodType } | { query: z.ZodType } | { body: z.ZodType } ? { input: InputOf<S, Id> } : None);

/** The arguments for the verb of a route with `spec`, from a request that passed its validation. */
export function verbArgs(c: Context<AppEnv>, spec: RequestParts, idAs: string | undefined): object {
  return { ...contextOf(c, spec.credential), ...inputOf(c, spec, idAs) };
}

function contextOf(c: Context<AppEnv>, credential: RouteCredential): { ctx: Ctx | AccountCtx } | { services: Services } {
  if (credential.kind === "secret") return { ctx: c.get("ctx") };
  if (credential.kind === "public") return { ctx: customerCtx(c) };
  if (credential.kind === "session") return credential.member ? { ctx: c.get("ctx") } : { ctx: accountCtx(c) };
  return { services: c.get("services") };
}

/** `{ input }`, or nothing for a request that carries no parts; a lone part is passed as it is. */
function inputOf(c: Context<AppEnv>, spec: RequestParts, idAs: string | undefined): { input?: object } {
  const valid = (target: "query" | "json" | "param") => c.req.valid(target as never) as Record<string, unknown>;
  const parts: object[] = [];
  if (spec.query) parts.push(valid("query"));
  if (spec.body) parts.push(valid("json"));
  if (spec.params) {
    const { id, ...params } = valid("param");
    parts.push(idAs === undefined ? valid("param") : { ...params, [idAs]: id });
  }
  if (parts.length === 0) return {};
  return { input: parts.length === 1 ? parts[0]! : Object.assign({}, ...parts) };
}
