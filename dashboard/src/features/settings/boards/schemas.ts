import { z } from "zod";
import { CreateBoardBody } from "../../../../../packages/shared/src/bodies/boards.js";
import { CreateStatusBody } from "../../../../../packages/shared/src/bodies/statuses.js";
import { CreateTagBody } from "../../../../../packages/shared/src/bodies/tags.js";
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
export const statusSchema = z.object({ name: status.name, category: status.category, color: status.color.unwrap() });

const tag = CreateTagBody.shape;
export const tagSchema = z.object({ name: tag.name, color: tag.color.unwrap() });
