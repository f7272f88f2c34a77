import { z } from "zod";
import { CreateBoardBody } from "../../../../../packages/shared/src/bodies/boards.js";
import { CreateStatusBody } from "../../../../../packages/shared/src/bodies/statuses.js";
import { CreateTagBody } from "../../../../../packages/shared/src/bodies/tags.js";
import { LANGUAGES } from "../../../../../packages/shared/src/languages.js";
import { blankAsAbsent, typed } from "../../../ui/form/fields.js";

// Boards, statuses and tags: the request bodies (packages/shared/src/bodies), as forms fill them.
// Editing sends the same fields, all of them, so the create body's rules serve both.

const board = CreateBoardBody.shape;
export const boardSchema = z.object({
  name: board.name,
  /** Left empty, the server makes one from the name. */
  slug: blankAsAbsent(board.slug),
  description: typed(board.description.unwrap()),
  visibility: board.visibility.unwrap(),
});

const status = CreateStatusBody.shape;
/** A status's name per portal language, as its form's fields hold them: one left empty sends none. */
const statusTranslations = z
  .record(z.enum(LANGUAGES), z.string())
  .transform((names) => Object.fromEntries(Object.entries(names).flatMap(([language, name]) => (name.trim() ? [[language, name.trim()]] : []))))
  .pipe(status.translations.unwrap());
export const statusSchema = z.object({
  name: status.name,
  category: status.category,
  color: status.color.unwrap(),
  onRoadmap: status.onRoadmap.unwrap(),
  translations: statusTranslations,
});

const tag = CreateTagBody.shape;
export const tagSchema = z.object({ name: tag.name, color: tag.color.unwrap() });
