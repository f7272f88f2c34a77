import { z } from "@hono/zod-openapi";
import { LANGUAGES } from "../../../../packages/shared/src/languages.js";
import { STATUS_CATEGORIES } from "../../../../packages/shared/src/status-categories.js";
import { CreateStatusBody, UpdateStatusBody } from "../../../../packages/shared/src/bodies/statuses.js";
import { documented, idParam, idOf } from "../../platform/fields.js";

const category = z.enum(STATUS_CATEGORIES).openapi({ description: "What the status means on the roadmap." });

/** A status's name per portal language; a language left out reads the status's `name`. */
export const StatusTranslationsSchema = z.partialRecord(z.enum(LANGUAGES), z.string()).openapi("StatusTranslations", {
  description: `The status's name in the portal's languages (${LANGUAGES.join(", ")}), as the portal, the widget and mail to end users show it; a language left out reads \`name\`. The dashboard shows \`name\`.`,
  example: { de: "Geplant", ja: "計画済み" },
});

export const StatusSchema = z
  .object({
    id: idOf("sts"),
    name: z.string(),
    category,
    color: z.string(),
    position: z.number().int(),
    isDefault: z.boolean().openapi({ description: "The status new posts get when none is given." }),
    onRoadmap: z.boolean().openapi({ description: "Shown as a column of the portal's roadmap, in `position` order." }),
    translations: StatusTranslationsSchema,
  })
  .openapi("Status");

const words = {
  category: { description: "What the status means on the roadmap." },
  isDefault: { description: "Make this the status new posts get; the previous default stops being one." },
  onRoadmap: { description: "Show it as a column of the portal's roadmap. A new status is shown unless its category is `closed`." },
  translations: {
    description: `Its name per portal language (${LANGUAGES.join(", ")}); any other key is refused (400). Replaces the translations it had: a language left out reads \`name\`.`,
  },
};

export const CreateStatusSchema = documented(CreateStatusBody, words).openapi("CreateStatus");
export const UpdateStatusSchema = documented(UpdateStatusBody, words).openapi("UpdateStatus");
export const ReorderStatusesSchema = z
  .strictObject({ ids: z.array(idOf("sts")).min(1).max(100).openapi({ description: "Every status id of the workspace, in the new order." }) })
  .openapi("ReorderStatuses");

export const statusParam = idParam("sts", "status");
