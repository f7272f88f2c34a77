import { z } from "@hono/zod-openapi";
import { idOf, idParam, PageQuery, listOf, timestamp } from "../../platform/fields.js";

/** How long an export's archive can be downloaded. */
export const EXPORT_LIFETIME_HOURS = 24;

export const ExportSchema = z
  .object({
    id: idOf("exp"),
    state: z.enum(["queued", "running", "done", "failed"]).openapi({ description: "`queued` → `running` → `done` (or `failed`, with `error`)." }),
    total: z.number().int().openapi({ description: "Rows to write, counted when the export was asked for." }),
    done: z.number().int().openapi({ description: "Rows written so far: `done` of `total` is the progress." }),
    files: z.record(z.string(), z.number().int()).openapi({ description: "Rows per file of the archive, once done." }),
    bytes: z.number().int().openapi({ description: "The archive's size so far." }),
    error: z.string().nullable(),
    createdAt: timestamp,
    finishedAt: timestamp.nullable(),
    expiresAt: timestamp.openapi({ description: `The archive is deleted then (${EXPORT_LIFETIME_HOURS} hours after it was asked for).` }),
    downloadPath: z.string().nullable().openapi({ description: "Where the archive downloads from once done: `/v1/exports/{id}/download`." }),
  })
  .openapi("Export");

export const ExportListSchema = listOf(ExportSchema, "ExportList");

export const ListExportsQuery = z.object(PageQuery);

export const exportParam = idParam("exp", "export");
