import type { paths } from "@heed/client";
import { api, unwrap } from "../../../api.js";
import { cursorQuery } from "../../../ui/useCursorList.js";

// The audit log, newest first, filtered by actor, by action and by object.

type Action = NonNullable<NonNullable<paths["/audit-log"]["get"]["parameters"]["query"]>["action"]>;
type Filter = { actorId: string; objectId: string; action: string };

export const auditKeys = {
  all: ["audit-log"] as const,
  list: (filter: Filter) => [...auditKeys.all, "list", filter] as const,
};

export const auditLogQuery = ({ actorId, objectId, action }: Filter) =>
  cursorQuery(auditKeys.list({ actorId, objectId, action }), async (cursor) =>
    unwrap(
      await api.GET("/audit-log", {
        params: {
          query: {
            limit: 25,
            ...(actorId ? { actorId } : {}),
            ...(objectId ? { objectId } : {}),
            ...(action ? { action: action as Action } : {}),
            ...cursor,
          },
        },
      }),
    ),
  );
