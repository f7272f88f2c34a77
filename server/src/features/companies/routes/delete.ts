import { deleteCompany } from "../delete.js";
import { defineOperation } from "../../../http/define-operation.js";
import { idParam } from "../../../platform/fields.js";
import { secretKey } from "../../../http/route-security.js";

export const deleteCompanyOperation = defineOperation(
  {
    method: "delete",
    path: "/companies/{id}",
    operationId: "deleteCompany",
    tag: "Companies",
    summary: "Delete a company",
    description: "Deletes the company for good. Its end users stay, with `company: null`.",
    credential: secretKey("users:write"),
    params: idParam("cmp", "company"),
    answer: { status: 204, description: "Deleted." },
  },
  { verb: deleteCompany },
);
