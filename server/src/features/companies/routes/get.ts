import { getCompany } from "../get.js";
import { defineOperation } from "../../../http/define-operation.js";
import { idParam } from "../../../platform/fields.js";
import { secretKey } from "../../../http/route-security.js";
import { CompanySchema } from "../schema.js";

export const getCompanyOperation = defineOperation(
  {
    method: "get",
    path: "/companies/{id}",
    operationId: "getCompany",
    tag: "Companies",
    summary: "Get a company",
    credential: secretKey("users:read"),
    params: idParam("cmp", "company"),
    answer: { status: 200, schema: CompanySchema, description: "The company." },
  },
  { verb: getCompany },
);
