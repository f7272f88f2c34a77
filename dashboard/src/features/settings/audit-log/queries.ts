import { api, unwrap } from "../../../api.js";
import { cursorQuery } from "../../../ui/useCursorList.js";

// The audit log, newest first, filtered by actor and by object.

type Filter = { actorId: string; objectId: string };

export const auditKeys = {
  all: ["audit-log"] as const,
  list: (filter: Filter) => [...auditKeys.all, "list", filter] as const,
};

export const auditLogQuery = ({ actorId, objectId }: Filter) =>
  cursorQuery(auditKeys.list({ actorId, objectId }), async (cursor) =>
    unwrap(await api.GET("/audit-log", { params: { query: { limit: 25, ...(actorId ? { actorId } : {}), ...(objectId ? { objectId } : {}), ...cursor } } })),
  );
