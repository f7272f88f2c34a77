import { getPortalWorkspace } from "../workspace.js";
import { defineOperation } from "../../../http/define-operation.js";
import { publicKey } from "../../../http/route-security.js";
import { PortalWorkspaceSchema } from "../schema.js";

export const getPortalWorkspaceOperation = defineOperation(
  {
    method: "get",
    path: "/portal/workspace",
    operationId: "getPortalWorkspace",
    cache: true,
    tag: "Portal",
    summary: "The portal's workspace, boards and statuses",
    description: "What a portal needs to draw itself.",
    credential: publicKey("optional"),
    answer: { status: 200, schema: PortalWorkspaceSchema, description: "The workspace as the portal shows it." },
  },
  { verb: getPortalWorkspace },
);
