import { api, unwrap } from "../../api.js";
import { cursorQuery } from "../../ui/useCursorList.js";
import { postKeys } from "../../data/posts.js";

// A roadmap column: one status's posts, most voted first. Its key is among the lists of posts, so
// a post's change anywhere refreshes the column.

const PAGE = 20;

export const roadmapColumnQuery = (statusId: string) =>
  cursorQuery(postKeys.roadmapColumn(statusId), async (cursor) =>
    unwrap(await api.GET("/posts", { params: { query: { status: statusId, sort: "votes", limit: PAGE, ...cursor } } })),
  );
