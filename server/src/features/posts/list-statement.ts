import { LRUCache } from "lru-cache";
import { processCache } from "../../platform/cache/registry.js";
import type { Ctx } from "../../platform/context.js";
import { compiledOnce } from "../../platform/db/compiled-once.js";
import { type Db, dialectOf } from "../../platform/db/database.js";
import type { CursorValue } from "../../platform/pagination/cursor.js";
import { FILTER_NAMES, filterOf, type ListPostsInput, type PostFilters, type PostListScope } from "./list-filters.js";
import { type SortName, sortedPage } from "./list-order.js";

// The page's statement of each shape (which filters are set, the values written into the SQL, the
// sort, first page or not), built and compiled once, then run with each request's values: building
// and compiling it cost an uncached list about 8% of its CPU. A search or a filter that reads the
// clock is built each time (list.ts), as is a read inside a transaction (a handle of its own).

const pageShapes = processCache("postPageShapes", () => new LRUCache<string, ReturnType<typeof compiledPage>>({ max: 500 }));

type PageValue = "workspaceId" | keyof PostFilters | "afterKey" | "afterId" | "limit";

/** Whether a page with these filters may run a statement compiled once. */
export function compilable(input: ListPostsInput): boolean {
  return FILTER_NAMES.every((name) => input[name] === undefined || !filterOf(name).perRequest);
}

/** `shaped`: the filters whose values are written into the SQL; every value a stand-in is a parameter. */
function compiledPage(names: PageValue[], shaped: PostFilters, scope: PostListScope, sortName: SortName) {
  return compiledOnce(names, (db, v) => {
    // Every value the statement varies by is a stand-in here; what decides its shape is the real input's.
    const shapedCtx = { services: { dialect: dialectOf(db) }, workspace: { id: v.workspaceId }, actor: { type: "system" } } as unknown as Ctx;
    const standIns: Record<string, unknown> = { ...shaped };
    for (const name of FILTER_NAMES) if (names.includes(name)) standIns[name] = v[name];
    const after = names.includes("afterKey") ? [v.afterKey, v.afterId] : undefined;
    return sortedPage(db, shapedCtx, standIns as ListPostsInput, scope, sortName, after, v.limit);
  });
}

export function pageStatement(db: Db, ctx: Ctx, input: ListPostsInput, scope: PostListScope, sortName: SortName, after: readonly CursorValue[] | undefined) {
  const values: Partial<Record<PageValue, unknown>> = { workspaceId: ctx.workspace.id };
  const names: PageValue[] = ["workspaceId"];
  const shaped: Record<string, unknown> = {};
  for (const name of FILTER_NAMES) {
    const value = input[name];
    if (value === undefined) continue;
    const parameter = filterOf(name).bound?.(value, ctx);
    if (parameter === undefined) shaped[name] = value;
    else {
      values[name] = parameter;
      names.push(name);
    }
  }
  if (after) {
    values.afterKey = after[0];
    values.afterId = after[1];
    names.push("afterKey", "afterId");
  }
  values.limit = input.limit + 1;
  names.push("limit");
  const shapeKey = JSON.stringify([sortName, names, scope.publicBoardsOnly ?? false, shaped]);
  let compiled = pageShapes.get(shapeKey);
  if (!compiled) {
    compiled = compiledPage(names, shaped as PostFilters, scope, sortName);
    pageShapes.set(shapeKey, compiled);
  }
  return compiled(db, values as Record<PageValue, unknown>);
}
