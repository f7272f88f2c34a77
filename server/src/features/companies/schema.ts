import { z } from "@hono/zod-openapi";
import { listOf, PageQuery, text, timestamp, idOf } from "../../platform/fields.js";

export const CompanySchema = z
  .object({
    id: idOf("cmp"),
    externalId: z.string().openapi({ description: "Your own id for the company." }),
    name: z.string(),
    monthlySpend: z.number().openapi({ description: "What the company pays you a month, to weigh its users' votes." }),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .openapi("Company");

export const CompanyListSchema = listOf(CompanySchema, "CompanyList");

export const UpsertCompanySchema = z
  .strictObject({
    externalId: text().min(1).max(255).openapi({ description: "Your own id for the company: the key of the upsert." }),
    name: text().trim().min(1).max(200),
    monthlySpend: z.number().min(0).optional().openapi({ description: "A finite number ≥ 0. Kept when absent on an update; 0 for a new company." }),
  })
  .openapi("UpsertCompany");

/** How a list of companies is ordered. */
export const COMPANY_SORTS = ["newest", "spend"] as const;

export const ListCompaniesQuery = z.object({
  q: text().trim().min(1).max(200).optional().openapi({ description: "Only companies whose name or external id holds this text (ignoring case)." }),
  sort: z
    .enum(COMPANY_SORTS)
    .default("newest")
    .openapi({ description: "`newest` (the default) or `spend`: the highest monthly spend first, ties newest first." }),
  ...PageQuery,
});
