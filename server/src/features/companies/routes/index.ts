import type { Operation } from "../../../http/define-operation.js";
import { deleteCompanyOperation } from "./delete.js";
import { getCompanyOperation } from "./get.js";
import { listCompaniesOperation } from "./list.js";
import { upsertCompanyOperation } from "./upsert.js";

export const operations: Operation[] = [listCompaniesOperation, getCompanyOperation, upsertCompanyOperation, deleteCompanyOperation];
