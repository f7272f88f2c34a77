import { z } from "zod";
import { color, text } from "./fields.js";

// What creating or changing a tag sends (POST /tags, PATCH /tags/{id}).

const name = text().trim().min(1).max(50);

export const CreateTagBody = z.strictObject({ name, color: color().optional() });
export const UpdateTagBody = z.strictObject({ name: name.optional(), color: color().optional() });
