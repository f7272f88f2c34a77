import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { changeMemberRole, listMembers, removeMember } from "../../core/members/write.js";
import type { AppEnv } from "../../http/env.js";
import { PageQuery, errorResponses, idParam, jsonBody, jsonContent, listOf, requiresScope, IdempotencyHeaders } from "../../http/openapi.js";
import type { Operation } from "../operation.js";

const role = z.enum(["owner", "admin", "member"]);
const MemberSchema = z.object({ id: z.string(), email: z.string(), name: z.string(), role, createdAt: z.string(), updatedAt: z.string() }).openapi("Member");
const memberParam = idParam("mem", "member");

const list = createRoute({
  method: "get",
  path: "/members",
  operationId: "listMembers",
  tags: ["Members"],
  summary: "List team members",
  description: "Requires `members:read`.",
  security: requiresScope("members:read"),
  request: { query: z.object(PageQuery) },
  responses: { 200: jsonContent(listOf(MemberSchema, "MemberList"), "A page of members."), ...errorResponses() },
});

const update = createRoute({
  method: "patch",
  path: "/members/{id}",
  operationId: "changeMemberRole",
  tags: ["Members"],
  summary: "Change a member's role",
  description: "The last owner cannot stop being one (409). Requires `members:write`.",
  security: requiresScope("members:write"),
  request: { headers: IdempotencyHeaders, params: memberParam, body: jsonBody(z.strictObject({ role }).openapi("ChangeMemberRole")) },
  responses: { 200: jsonContent(MemberSchema, "The member."), ...errorResponses({ body: true, extra: ["not_found"] }) },
});

const remove = createRoute({
  method: "delete",
  path: "/members/{id}",
  operationId: "removeMember",
  tags: ["Members"],
  summary: "Remove a member",
  description: "The last owner cannot be removed (409). Their posts and comments stay. Requires `members:write`.",
  security: requiresScope("members:write"),
  request: { headers: IdempotencyHeaders, params: memberParam },
  responses: { 204: { description: "Removed." }, ...errorResponses({ write: true, extra: ["not_found", "conflict"] }) },
});

export const operations: Operation[] = [
  {
    route: list,
    register: (app: OpenAPIHono<AppEnv>) => app.openapi(list, async (c) => c.json(await listMembers({ ctx: c.get("ctx"), input: c.req.valid("query") }), 200)),
  },
  {
    route: update,
    register: (app) =>
      app.openapi(update, async (c) =>
        c.json(await changeMemberRole({ ctx: c.get("ctx"), input: { id: c.req.valid("param").id, role: c.req.valid("json").role } }), 200),
      ),
  },
  {
    route: remove,
    register: (app) =>
      app.openapi(remove, async (c) => {
        await removeMember({ ctx: c.get("ctx"), input: c.req.valid("param") });
        return c.body(null, 204);
      }),
  },
];
