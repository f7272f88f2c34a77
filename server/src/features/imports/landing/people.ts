import { newId } from "../../../platform/lib/ids.js";
import type { ImportedCompany, ImportedUser, RowPlace, RowProblem, SourceRow } from "../model.js";
import { isNew, type Landing, previewed, record, reportKept } from "./chunk.js";
import { clipped, looksLikeEmail } from "./values.js";

// Companies and end users. A person the workspace knows already (by the customer's own id, then by
// email) is matched rather than made again: the batch records them, fills in what was empty (a name,
// a company), and an undo leaves them. So an import never doubles a customer Heed met through identify.

export function landCompany(landing: Landing, row: SourceRow<"companies">): void {
  const { state, writes, report } = landing;
  const company = row.data as ImportedCompany;
  const problems: RowProblem[] = [...(row.problems ?? [])];
  if (!isNew(landing, "companies", "company", company.ref, row)) return;
  const name = company.name.trim();
  if (name === "") {
    report.skip("companies", row, { field: "name", code: "missing_name", message: "A company needs a name." });
    return;
  }
  const existing = state.companiesByExternalId.get(company.ref);
  if (existing) {
    record(landing, "company", company.ref, existing, false);
    report.count("companies", "updated");
    reportKept(landing, "companies", row, problems);
    return;
  }
  const at = company.createdAt ?? landing.at;
  const spend = company.monthlySpend !== undefined && Number.isFinite(company.monthlySpend) && company.monthlySpend >= 0 ? Math.round(company.monthlySpend) : 0;
  const id = newId("company");
  writes.companies.push({
    id,
    workspace_id: state.workspaceId,
    external_id: company.ref,
    name: clipped(name, 200, "name", problems),
    monthly_spend: spend,
    created_at: at,
    updated_at: at,
  });
  state.companiesByExternalId.set(company.ref, id);
  record(landing, "company", company.ref, id, true);
  report.count("companies", "created");
  reportKept(landing, "companies", row, problems);
  previewed(landing, "companies", { ref: company.ref, name, monthlySpend: spend });
}

export function landUser(landing: Landing, row: SourceRow<"users">): void {
  const user = row.data as ImportedUser;
  if (!isNew(landing, "users", "user", user.ref, row)) return;
  personFor(landing, user, row, row.problems);
}

/**
 * The Heed end user a source's person is: an earlier import's, one the workspace knows by external
 * id or email (matched), or a new one. Undefined when the row names nobody Heed can make.
 */
export function personFor(
  landing: Landing,
  user: Omit<ImportedUser, "ref"> & { ref?: string },
  place: RowPlace,
  rowProblems: RowProblem[] = [],
): string | undefined {
  // Reported under people: the row's own problems when the row is a person's, and what is found here.
  const problems = [...rowProblems];
  const { state, writes, report } = landing;
  const kind = "users" as const;
  if (user.ref !== undefined && state.refs.user.has(user.ref)) return state.refs.user.get(user.ref);
  let email = user.email?.trim().toLowerCase() || undefined;
  if (email !== undefined && !looksLikeEmail(email)) {
    problems.push({ field: "email", code: "invalid_email", message: "Not an email address: the person is kept without it.", value: email });
    email = undefined;
  }
  const companyId = user.companyRef ? state.refs.company.get(user.companyRef) : undefined;
  if (user.companyRef && !companyId)
    problems.push({
      field: "companyId",
      code: "company_not_found",
      message: "No such company in the import or the workspace: the person is kept without it.",
      value: user.companyRef,
    });
  const name = user.name?.trim() ? clipped(user.name.trim(), 200, "name", problems) : undefined;

  const known = (user.externalId ? state.usersByExternalId.get(user.externalId) : undefined) ?? (email ? state.usersByEmail.get(email) : undefined);
  if (known) {
    if (user.ref !== undefined) record(landing, "user", user.ref, known.id, false);
    // A voter named on many rows (by email alone) is matched once: counted and filled once.
    if (state.matchedUsers.has(known.id)) return known.id;
    state.matchedUsers.add(known.id);
    const fill: { id: string; name?: string; company_id?: string } = { id: known.id };
    if (!known.name && name) known.name = fill.name = name;
    if (!known.companyId && companyId) known.companyId = fill.company_id = companyId;
    if (fill.name !== undefined || fill.company_id !== undefined) writes.userFills.push(fill);
    report.count(kind, "updated");
    reportKept(landing, kind, place, problems);
    previewed(landing, kind, { ref: user.ref, matched: known.id, email: email ?? null, name: name ?? null });
    return known.id;
  }
  if (user.ref === undefined && email === undefined && user.externalId === undefined) return undefined;
  const externalId = user.externalId || `${state.source}:${user.ref ?? email}`;
  const at = user.createdAt ?? landing.at;
  const id = newId("user");
  writes.users.push({
    id,
    workspace_id: state.workspaceId,
    external_id: externalId,
    email: email ?? null,
    name: name ?? null,
    avatar_url: null,
    company_id: companyId ?? null,
    traits: "{}",
    created_at: at,
    updated_at: at,
    last_seen_at: null,
    deleted_at: null,
    locale: null,
  });
  state.rememberUser({ id, externalId, email: email ?? null, name: name ?? null, companyId: companyId ?? null });
  state.matchedUsers.add(id);
  if (user.ref !== undefined) record(landing, "user", user.ref, id, true);
  report.count(kind, "created");
  reportKept(landing, kind, place, problems);
  previewed(landing, kind, { ref: user.ref, externalId, email: email ?? null, name: name ?? null, companyId: companyId ?? null });
  return id;
}
