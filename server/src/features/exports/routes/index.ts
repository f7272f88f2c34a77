import type { Operation } from "../../../http/define-operation.js";
import { blobsOf } from "../../../platform/blobs/index.js";
import { webStreamOf } from "../../../platform/blobs/web-stream.js";
import { defineOperation } from "../../../http/define-operation.js";
import { secretKey } from "../../../http/route-security.js";
import { createExport, getExport, listExports, downloadExport } from "../create.js";
import { EXPORT_LIFETIME_HOURS, ExportListSchema, ExportSchema, exportParam, ListExportsQuery } from "../schema.js";
import { exportArchiveKey } from "../view.js";

const WHO = "Owners and admins, not members: the archive holds everything, end users' emails included.";

export const createExportOperation = defineOperation(
  {
    method: "post",
    path: "/exports",
    operationId: "createExport",
    tag: "Exports",
    summary: "Export the workspace",
    description: `Makes a job that writes the whole workspace into a zip archive in the background: \`<kind>.jsonl\` for boards, statuses, tags, members, companies, users, posts, votes, comments, changelog and tracked events (one JSON object per line), \`posts.csv\`, \`votes.csv\` and \`users.csv\` for spreadsheets (a cell that would run as a formula starts with an apostrophe), and \`manifest.json\`. Follow it with \`GET /exports/{id}\`; the archive can be downloaded for ${EXPORT_LIFETIME_HOURS} hours. Deleted posts (the trash) are left out. One at a time: while an export of the workspace is queued or running, this answers that one. ${WHO}`,
    credential: secretKey("exports:write"),
    answer: { status: 202, schema: ExportSchema, description: "The export, queued (or the one already being written)." },
  },
  { verb: createExport },
);

export const listExportsOperation = defineOperation(
  {
    method: "get",
    path: "/exports",
    operationId: "listExports",
    tag: "Exports",
    summary: "List exports",
    description: `The workspace's exports not yet expired, newest first. ${WHO}`,
    credential: secretKey("exports:read"),
    query: ListExportsQuery,
    answer: { status: 200, schema: ExportListSchema, description: "A page of exports." },
  },
  { verb: listExports },
);

export const getExportOperation = defineOperation(
  {
    method: "get",
    path: "/exports/{id}",
    operationId: "getExport",
    tag: "Exports",
    summary: "An export's progress",
    description: `\`done\` of \`total\` rows written; \`downloadPath\` once it is done. ${WHO}`,
    credential: secretKey("exports:read"),
    params: exportParam,
    answer: { status: 200, schema: ExportSchema, description: "The export." },
  },
  { verb: getExport },
);

export const downloadExportOperation = defineOperation(
  {
    method: "get",
    path: "/exports/{id}/download",
    operationId: "downloadExport",
    tag: "Exports",
    summary: "Download an export's archive",
    description: `The zip archive, streamed from where the job stored it (any instance serves it). 409 until the export is done. Each download is in the audit log. ${WHO}`,
    credential: secretKey("exports:read"),
    params: exportParam,
    answer: { status: 200, file: "application/zip", description: "The archive." },
    errors: ["conflict"],
  },
  async (c) => {
    const ctx = c.get("ctx");
    const opened = await downloadExport({ ctx, input: c.req.valid("param") });
    return c.body(webStreamOf(blobsOf(ctx.services).read(exportArchiveKey(ctx.workspace.id, opened.id))), 200, {
      "content-type": "application/zip",
      "content-length": String(opened.bytes),
      "content-disposition": `attachment; filename="${opened.slug}-${opened.id}.zip"`,
      "cache-control": "no-store",
    });
  },
);

export const operations: Operation[] = [createExportOperation, listExportsOperation, getExportOperation, downloadExportOperation];
