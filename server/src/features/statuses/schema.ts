import { z } from "@hono/zod-openapi";
import { STATUS_CATEGORIES } from "../../../../packages/shared/src/status-categories.js";
import { CreateStatusBody, UpdateStatusBody } from "../../../../packages/shared/src/bodies/statuses.js";
import { documented, idParam, idOf } from "../../platform/fields.js";

const category = z.enum(STATUS_CATEGORIES).openapi({ description: "What the status means on the roadmap." });

export const StatusSchema = z
  .object({
    id: idOf("sts"),
    name: z.string(),
    category,
    color: z.string(),
    position: z.number().int(),
    isDefault: z.boolean().openapi({ description: "The status new posts get when none is given." }),
  })
  .openapi("Status");

const words = {
  category: { description: "What the status means on the roadmap." },
  isDefault: { description: "Make this the status new posts get; the previous default stops being one." },
};

export const CreateStatusSchema = documented(CreateStatusBody, words).openapi("CreateStatus");
export const UpdateStatusSchema = documented(UpdateStatusBody, words).openapi("UpdateStatus");
export const ReorderStatusesSchema = z
  .strictObject({ ids: z.array(idOf("sts")).min(1).max(100).openapi({ description: "Every status id of the workspace, in the new order." }) })
  .openapi("ReorderStatuses");

export const statusParam = idParam("sts", "status");
