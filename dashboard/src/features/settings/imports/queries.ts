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

export type SavedMapping = NonNullable<Schemas["FoundImportMapping"]["saved"]>;

/** The workspace's last mapping for a file of this kind with these columns (kept by the server), or null. */
export async function findSavedMapping(source: "csv" | "uservoice", kind: string, columns: string[]): Promise<SavedMapping | null> {
  const found = unwrap(
    await api.GET("/imports/mappings", {
      params: { query: { source, kind: kind as SavedMapping["kind"], columns: JSON.stringify(columns) } },
    }),
  );
  return found.saved;
}

const ENDED_WITHOUT_KEEPING: Import["state"][] = ["failed", "cancelled", "undoing", "undone"];

/**
 * The import of the same files that followed a dry run, if one did and kept what it imported:
 * after it, the dry run no longer offers to import them (an import undone since may be run again).
 */
export function importOfSameFiles(dryRun: Import, all: Import[]): Import | undefined {
  const files = (item: Import) => JSON.stringify(Object.entries(item.files).sort());
  return all.find(
    (other) =>
      !other.dryRun &&
      other.source === dryRun.source &&
      other.createdAt >= dryRun.createdAt &&
      files(other) === files(dryRun) &&
      !ENDED_WITHOUT_KEEPING.includes(other.state),
  );
}
