import { queryOptions } from "@tanstack/react-query";
import { api, unwrap } from "../../../api.js";
import { integrationKeys } from "../../../data/integrations.js";
import { cursorQuery } from "../../../ui/useCursorList.js";

// One integration and its log (the list, targets and issue links: data/integrations.ts).

export const integrationQuery = (id: string) =>
  queryOptions({ queryKey: integrationKeys.one(id), queryFn: async () => unwrap(await api.GET("/integrations/{id}", { params: { path: { id } } })) });

export const integrationLogQuery = (id: string) =>
  cursorQuery(integrationKeys.log(id), async (cursor) =>
    unwrap(await api.GET("/integrations/{id}/log", { params: { path: { id }, query: { limit: 20, ...cursor } } })),
  );
