import { describe, expect, it } from "vitest";
import { FILTER_NAMES, filterOf, type ListPostsInput } from "../list-filters.js";
import { sortedPage } from "../list-order.js";
import { pageStatement } from "../list-statement.js";
import { ListPostsQuery } from "../schema.js";
import { useHarness } from "../../../../test/support/harness.js";

// A page of posts runs SQL compiled once per shape with each request's values
// (features/posts/list-statement.ts, pageStatement). Whatever the filters, it must be exactly the
// statement a fresh build with those values makes: the same SQL and the same parameters in the
// same places.

const h = useHarness();

const FILTERS: Partial<ListPostsInput>[] = [
  {},
  { boardId: "brd_1" },
  { status: "sts_1" },
  { status: "active" },
  { status: "complete", boardId: "brd_2" },
  { tag: "tag_1", authorId: "usr_1" },
  { ownerId: "none" },
  { ownerId: "mem_1", voterId: "usr_2", companyId: "cmp_1" },
  { possibleDuplicate: "true", seen: "false", unanswered: "true" },
  { held: "true", seen: "true" },
];

describe("a page of posts compiled once per shape", () => {
  it("is compared below with every filter a list takes (a new filter must join FILTERS)", () => {
    // Built each time instead: q (a search) and the filters that read the clock.
    const notShaped = ["sort", "limit", "cursor", "q", ...FILTER_NAMES.filter((name) => filterOf(name).perRequest)];
    const filters = Object.keys(ListPostsQuery.shape).filter((name) => !notShaped.includes(name));
    expect(filters.filter((name) => !FILTERS.some((f) => name in f))).toEqual([]);
  });

  it("runs the statement a fresh build makes, for every filter, sort, scope and cursor", async () => {
    const ws = await h.workspace();
    const db = h.database.db;
    let compared = 0;
    for (const sort of ["newest", "oldest", "votes", "trending", "comments", "updated", "revenue"] as const) {
      for (const filters of FILTERS) {
        for (const scope of [{ name: "posts" }, { name: "portal", publicBoardsOnly: true }]) {
          for (const after of [undefined, sort === "votes" ? [7, "pst_9"] : ["2026-01-01T00:00:00.000Z", "pst_8"]] as const) {
            // Twice each, with other values the second time: the shape's SQL, the values' parameters.
            for (const limit of [20, 5]) {
              const input = { limit, sort, ...filters } as ListPostsInput;
              const fresh = sortedPage(db, ws.ctx, input, scope, sort, after, limit + 1).compile();
              const once = pageStatement(db, ws.ctx, input, scope, sort, after);
              expect([once.sql, once.parameters]).toEqual([fresh.sql, fresh.parameters]);
              compared++;
            }
          }
        }
      }
    }
    expect(compared).toBe(7 * FILTERS.length * 2 * 2 * 2);
  });
});
