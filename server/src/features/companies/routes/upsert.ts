import { upsertCompany } from "../upsert.js";
import { defineOperation } from "../../../http/define-operation.js";
import { secretKey } from "../../../http/route-security.js";
import { CompanySchema, UpsertCompanySchema } from "../schema.js";

export const upsertCompanyOperation = defineOperation(
  {
    method: "post",
    path: "/companies",
    operationId: "upsertCompany",
    tag: "Companies",
    summary: "Create or update a company",
    description:
      "Upsert by `externalId`: creates the company (201) or updates it (200). `monthlySpend` keeps its value when absent. Safe to repeat and to send concurrently.",
    credential: secretKey("users:write"),
    body: UpsertCompanySchema,
    answer: { status: 201, schema: CompanySchema, description: "The new company.", existing: "The updated company." },
  },
  async (c) => {
    const { company, created } = await upsertCompany({ ctx: c.get("ctx"), input: c.req.valid("json") });
    return created ? c.json(company, 201) : c.json(company, 200);
  },
);
