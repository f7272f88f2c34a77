import { listCompanies } from "../list.js";
import { defineOperation } from "../../../http/define-operation.js";
import { secretKey } from "../../../http/route-security.js";
import { CompanyListSchema, ListCompaniesQuery } from "../schema.js";

export const listCompaniesOperation = defineOperation(
  {
    method: "get",
    path: "/companies",
    operationId: "listCompanies",
    tag: "Companies",
    summary: "List companies",
    description: "Newest first. Keyset-paginated: follow `nextCursor` until it is `null`.",
    credential: secretKey("users:read"),
    query: ListCompaniesQuery,
    answer: { status: 200, schema: CompanyListSchema, description: "A page of companies." },
  },
  { verb: listCompanies },
);
