import { z } from "zod";
import { LANGUAGES } from "../languages.js";
import { STATUS_CATEGORIES } from "../status-categories.js";
import { color, text } from "./fields.js";

// What creating or changing a status sends (POST /statuses, PATCH /statuses/{id}).

const name = text().trim().min(1).max(50);

const fields = {
  name,
  category: z.enum(STATUS_CATEGORIES),
  color: color().optional(),
  isDefault: z.boolean().optional(),
  onRoadmap: z.boolean().optional(),
  // Keyed by the portal's languages only: any other key is refused (400), not stored unread.
  translations: z.partialRecord(z.enum(LANGUAGES), name).optional(),
};

export const CreateStatusBody = z.strictObject(fields);
export const UpdateStatusBody = z.strictObject({ ...fields, name: fields.name.optional(), category: fields.category.optional() });
