import { getPortalRoadmap } from "../roadmap.js";
import { defineOperation } from "../../../http/define-operation.js";
import { publicKey } from "../../../http/route-security.js";
import { RoadmapQuery, RoadmapSchema } from "../schema.js";

export const getPortalRoadmapOperation = defineOperation(
  {
    method: "get",
    path: "/portal/roadmap",
    operationId: "getPortalRoadmap",
    cache: true,
    tag: "Portal",
    summary: "The roadmap",
    description:
      "One column per status the team shows on the roadmap (`onRoadmap`, set through `PATCH /statuses/{id}`), in its order, with public posts most voted first; each column's cursor continues on `GET /portal/posts`.",
    credential: publicKey("optional"),
    query: RoadmapQuery,
    answer: { status: 200, schema: RoadmapSchema, description: "The roadmap's columns." },
  },
  { verb: getPortalRoadmap },
);
