import type { Schemas } from "@heed/client";
import { api, unwrap } from "../../../api.js";

export type Import = Schemas["Import"];
export type CreateImport = Schemas["CreateImport"];

export const importKeys = { all: ["imports"] as const };

/** Whether an import is still moving: the list is read again each second while one is. */
export const isMoving = (item: Import) => item.state === "queued" || item.state === "running" || item.state === "undoing";

export function importsQuery() {
  return {
    queryKey: importKeys.all,
    queryFn: async () => unwrap(await api.GET("/imports", { params: { query: { limit: 10 } } })),
    refetchInterval: (query: { state: { data?: { data: Import[] } } }) => (query.state.data?.data.some(isMoving) ? 1000 : false),
  } as const;
}

/** Sends one file as an upload: the request's body is the file itself, streamed by the browser. */
export async function uploadFile(file: File) {
  return unwrap(
    await api.POST("/imports/uploads", {
      params: { query: { name: file.name } },
      body: file as unknown as string,
      bodySerializer: (body: unknown) => body as BodyInit,
      headers: { "content-type": "text/csv" },
    }),
  );
}

export async function createImport(body: CreateImport) {
  return unwrap(await api.POST("/imports", { body }));
}
