import { z } from "@hono/zod-openapi";
import { CreateBoardBody, UpdateBoardBody } from "../../../../packages/shared/src/bodies/boards.js";
import { documented, idParam, idOf } from "../../platform/fields.js";

export const BoardSchema = z
  .object({
    id: idOf("brd"),
    slug: z.string().openapi({ description: "The board's segment in portal URLs." }),
    name: z.string(),
    description: z.string(),
    visibility: z.enum(["public", "private"]).openapi({ description: "Private boards never appear in the portal." }),
    position: z
      .number()
      .int()
      .openapi({ description: "Its place in the order the team set (`POST /boards/reorder`), from 0: lists, the dashboard and the portal show boards in it." }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("Board");

const words = {
  slug: { description: "Defaults to one made from the name." },
  visibility: { description: "Default `public`." },
};

export const CreateBoardSchema = documented(CreateBoardBody, words).openapi("CreateBoard");
export const UpdateBoardSchema = documented(UpdateBoardBody, words).openapi("UpdateBoard");

export const ReorderBoardsSchema = z
  .strictObject({ ids: z.array(idOf("brd")).min(1).max(1000).openapi({ description: "Every board id of the workspace, in the new order." }) })
  .openapi("ReorderBoards");

export const boardParam = idParam("brd", "board");

export const DeleteBoardQuery = z.object({
  movePostsTo: idOf("brd").optional().openapi({ description: "Move the board's posts to this board, then delete it." }),
});
