import { z } from "zod";
import { dateTime, idOf, notify, text } from "./fields.js";

// What writing, changing and publishing a changelog entry send (the changelog feature's routes).

export const CHANGELOG_TYPES = ["new", "improved", "fixed"] as const;

const type = z.enum(CHANGELOG_TYPES);

const fields = {
  title: text().trim().min(1).max(200),
  body: text().max(50_000).optional(),
  type,
  postIds: z.array(idOf("post")).max(50).optional(),
};

export const CreateEntryBody = z.strictObject(fields);
export const UpdateEntryBody = z.strictObject({ ...fields, title: fields.title.optional(), type: type.optional() });

export const PublishEntryBody = z.strictObject({ at: dateTime().nullable().optional(), notify: notify() });
