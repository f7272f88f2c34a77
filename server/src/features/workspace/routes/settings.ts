import { getWorkspace, updateWorkspace } from "../settings.js";
import { defineOperation } from "../../../http/define-operation.js";
import { secretKey } from "../../../http/route-security.js";
import { UpdateWorkspaceSchema, WorkspaceSchema } from "../schema.js";

export const getWorkspaceOperation = defineOperation(
  {
    method: "get",
    path: "/workspace",
    operationId: "getWorkspace",
    tag: "Workspace",
    summary: "Get the workspace's settings",
    description: "The workspace of the credential.",
    credential: secretKey("workspace:read"),
    answer: { status: 200, schema: WorkspaceSchema, description: "The workspace." },
  },
  { verb: getWorkspace },
);

export const updateWorkspaceOperation = defineOperation(
  {
    method: "patch",
    path: "/workspace",
    operationId: "updateWorkspace",
    tag: "Workspace",
    summary: "Update the workspace's settings",
    description:
      "Name, the portal's address (`slug`: the old address then redirects), portal visibility, identity verification, default rate limit, portal settings, and whether every member must sign in with a second factor (`requireTwoFactor`, an owner's alone).",
    credential: secretKey("workspace:write"),
    body: UpdateWorkspaceSchema,
    answer: { status: 200, schema: WorkspaceSchema, description: "The updated workspace." },
    errors: ["owner_only"],
  },
  { verb: updateWorkspace },
);
