import { z } from "zod";
import { STATUS_CATEGORIES } from "../status-categories.js";
import { color, text } from "./fields.js";

// What creating or changing a status sends (POST /statuses, PATCH /statuses/{id}).

const fields = {
  name: text().trim().min(1).max(50),
  category: z.enum(STATUS_CATEGORIES),
  color: color().optional(),
  isDefault: z.boolean().optional(),
};

export const CreateStatusBody = z.strictObject(fields);
export const UpdateStatusBody = z.strictObject({ ...fields, name: fields.name.optional(), category: fields.category.optional() });
