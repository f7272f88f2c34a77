import type { Operation } from "../../../http/define-operation.js";
import { defineOperation } from "../../../http/define-operation.js";
import { secretKey } from "../../../http/route-security.js";
import { cancelImport, createImport, getImport, listImports } from "../create.js";
import { findImportMapping } from "../mappings.js";
import {
  CreateImportSchema,
  FindImportMappingQuery,
  FoundImportMappingSchema,
  ImportListSchema,
  ImportSchema,
  importParam,
  ListImportsQuery,
  UploadQuery,
  UploadSchema,
} from "../schema.js";
import { DEFAULT_IMPORT_FILE_LIMIT } from "../sources/csv/read.js";
import { undoImport } from "../undo/undo.js";
import { UPLOAD_LIFETIME_HOURS, uploadImportFile } from "../uploads.js";

const WHO = "Owners and admins, not members: an import writes many objects at once.";

export const uploadImportFileOperation = defineOperation(
  {
    method: "post",
    path: "/imports/uploads",
    operationId: "uploadImportFile",
    tag: "Imports",
    summary: "Upload a CSV file for an import",
    description: `The request's body is the file (\`Content-Type: text/csv\`), streamed into storage as it arrives; name it with \`?name=\`. Kept ${UPLOAD_LIFETIME_HOURS} hours for \`POST /imports\` to read (\`files\`). Up to IMPORT_FILE_LIMIT_BYTES (256 MiB unless the server says otherwise): a larger file is refused with 413 and nothing is kept. Its contents are checked when an import reads it (UTF-8, CSV, columns). No Idempotency-Key: sending a file again makes a second upload. ${WHO}`,
    credential: secretKey("imports:write"),
    query: UploadQuery,
    upload: { mediaType: "text/csv", description: "The CSV file, UTF-8, its first line the header." },
    answer: { status: 201, schema: UploadSchema, description: "The stored file." },
    errors: ["payload_too_large"],
  },
  async (c) => {
    const ctx = c.get("ctx");
    const upload = await uploadImportFile({
      ctx,
      input: { name: c.req.valid("query").name, body: c.req.raw.body, limit: ctx.services.importFileLimitBytes ?? DEFAULT_IMPORT_FILE_LIMIT },
    });
    return c.json(upload, 201);
  },
);

export const createImportOperation = defineOperation(
  {
    method: "post",
    path: "/imports",
    operationId: "createImport",
    tag: "Imports",
    summary: "Import from Canny, UserVoice or CSV",
    description: `Makes an import job the server runs in the background: from Canny through its API (\`apiKey\`), or from uploaded CSV files (\`files\`: UserVoice's export columns for \`uservoice\`; Heed's own export columns for \`csv\`, or any columns with a \`mapping\`). Each row is created, matched (a person or company the workspace has, found by external id or email, and filled in) or skipped with why, in the report. A source id imported before is skipped, so running it again changes nothing and running it after the source grew adds only what is new. \`dryRun\` decides every row and writes nothing. Imported history notifies nobody and sends no webhooks; the import's start, end and undo are in the audit log. Follow it with \`GET /imports/{id}\`. ${WHO}`,
    credential: secretKey("imports:write"),
    body: CreateImportSchema,
    answer: { status: 202, schema: ImportSchema, description: "The import, queued." },
  },
  // A handler: the body is one of two shapes (Canny, or files), which a verb's merged input would blur.
  async (c) => c.json(await createImport({ ctx: c.get("ctx"), input: c.req.valid("json") }), 202),
);

export const findImportMappingOperation = defineOperation(
  {
    method: "get",
    path: "/imports/mappings",
    operationId: "findImportMapping",
    tag: "Imports",
    summary: "The last mapping for files with these columns",
    description: `Each import of uploaded files keeps, per file, the mapping it was asked with (\`mapping\`: the kind's fields, and for posts the \`statuses\`) under the file's set of columns, read from the file; a dry run keeps it too. This answers the workspace's last one for a file of \`kind\` whose header is \`columns\` (in any order or case), so a second file with the same columns starts from the same choices; \`saved\` is null when none was kept. ${WHO}`,
    credential: secretKey("imports:read"),
    query: FindImportMappingQuery,
    answer: { status: 200, schema: FoundImportMappingSchema, description: "The last mapping, or null." },
  },
  { verb: findImportMapping },
);

export const listImportsOperation = defineOperation(
  {
    method: "get",
    path: "/imports",
    operationId: "listImports",
    tag: "Imports",
    summary: "List imports",
    description: `The workspace's imports, newest first, with their reports. ${WHO}`,
    credential: secretKey("imports:read"),
    query: ListImportsQuery,
    answer: { status: 200, schema: ImportListSchema, description: "A page of imports." },
  },
  { verb: listImports },
);

export const getImportOperation = defineOperation(
  {
    method: "get",
    path: "/imports/{id}",
    operationId: "getImport",
    tag: "Imports",
    summary: "An import's progress and report",
    description: `\`phase\`, and \`done\` of \`total\` (bytes of the files, or calls to Canny's API so far), while it runs; the report once it is done. ${WHO}`,
    credential: secretKey("imports:read"),
    params: importParam,
    answer: { status: 200, schema: ImportSchema, description: "The import." },
  },
  { verb: getImport },
);

export const cancelImportOperation = defineOperation(
  {
    method: "post",
    path: "/imports/{id}/cancel",
    operationId: "cancelImport",
    tag: "Imports",
    summary: "Cancel an import",
    description: `A queued import never starts; a running one stops after the chunk it is writing and what it wrote is taken out again. 409 once it has ended. ${WHO}`,
    credential: secretKey("imports:write"),
    params: importParam,
    answer: { status: 200, schema: ImportSchema, description: "The import, cancelled." },
    errors: ["conflict"],
  },
  { verb: cancelImport },
);

export const undoImportOperation = defineOperation(
  {
    method: "post",
    path: "/imports/{id}/undo",
    operationId: "undoImport",
    tag: "Imports",
    summary: "Undo an import",
    description: `Takes out everything a done import made (posts, votes, comments, people, companies, boards, statuses and tags), in the background (\`undoing\`, then \`undone\`); what it only matched stays. Refused with 409 while anything has been built on it since (a vote or comment made in Heed on an imported post, a post changed, a person seen, a later import from the same source), with \`builtOn\` saying what. ${WHO}`,
    credential: secretKey("imports:write"),
    params: importParam,
    answer: { status: 202, schema: ImportSchema, description: "The import, being undone." },
    errors: ["conflict"],
  },
  { verb: undoImport },
);

export const operations: Operation[] = [
  uploadImportFileOperation,
  createImportOperation,
  // Before `/imports/{id}`, whose pattern its path would also match.
  findImportMappingOperation,
  listImportsOperation,
  getImportOperation,
  cancelImportOperation,
  undoImportOperation,
];
