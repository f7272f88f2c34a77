import { z } from "@hono/zod-openapi";
import { markPostsSeen } from "../seen.js";
import { defineOperation } from "../../../http/define-operation.js";
import { secretKey } from "../../../http/route-security.js";
import { MarkPostsSeenSchema } from "../schema.js";

export const markPostsSeenOperation = defineOperation(
  {
    method: "post",
    path: "/posts/seen",
    operationId: "markPostsSeen",
    tag: "Posts",
    summary: "Mark posts as seen by the team",
    description:
      "They leave the New view (`GET /posts?seen=false`); a post seen already keeps its first `seenAt`. The dashboard marks a post as a member opens it. Up to 100 ids; an id the workspace does not have is a 400 at its place. Not audited and no webhook: nothing a customer sees changes.",
    credential: secretKey("posts:write"),
    body: MarkPostsSeenSchema,
    answer: {
      status: 200,
      schema: z.object({ marked: z.number().int().openapi({ description: "How many were not seen before." }) }),
      description: "How many posts this marked.",
    },
  },
  { verb: markPostsSeen },
);
