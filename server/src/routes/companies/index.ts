import type { Operation } from "../operation.js";
import * as deleteCompany from "./delete.js";
import * as getCompany from "./get.js";
import * as listCompanies from "./list.js";
import * as upsertCompany from "./upsert.js";

export const operations: Operation[] = [listCompanies, getCompany, upsertCompany, deleteCompany];
