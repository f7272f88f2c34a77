import { html } from "hono/html";
import { getPortalWorkspace } from "../../workspace.js";
import { PORTAL_LIMITS } from "../../schema.js";
import type { PortalRequest } from "../context.js";
import { formTokenField, type Html, page } from "../layout.js";

// Posting an idea (/p/{workspace}/b/{board}/new): a title and optional details. The page's script
// lists similar ideas while the title is typed, so a duplicate gets a vote instead.

export interface SubmitProblem {
  detail: string;
  title: string;
  body: string;
}

export async function submitPage(r: PortalRequest, slug: string, problem?: SubmitProblem): Promise<Html | null> {
  const { t } = r.frame;
  const workspace = await getPortalWorkspace({ ctx: r.ctx });
  const board = workspace.boards.find((b) => b.slug === slug);
  if (!board || !r.frame.reader) return null;
  const title = t.t("submit.title", { board: board.name });
  return page(
    r.frame,
    { title: `${title} · ${workspace.name}`, description: title, canonical: r.url(`/b/${board.slug}/new`), noindex: true, section: "home" },
    html`<h1>${title}</h1>
<form class="submit" method="post" action="${r.frame.base}/b/${board.slug}/new">
${formTokenField(r.frame)}
<label for="idea-title">${t.t("submit.ideaTitle")}</label>
<input id="idea-title" name="title" required maxlength="${PORTAL_LIMITS.title}" value="${problem?.title ?? ""}" autocomplete="off" data-similar="${r.frame.base}"${problem ? html` aria-invalid="true" aria-describedby="idea-error"` : ""}>
<div class="similar" aria-live="polite" hidden><p>${t.t("submit.similar")}</p><ul class="posts"></ul></div>
<label for="idea-body">${t.t("submit.body")}</label>
<textarea id="idea-body" name="body" rows="6" maxlength="${PORTAL_LIMITS.body}">${problem?.body ?? ""}</textarea>
${problem ? html`<p class="error" id="idea-error" role="alert">${t.t("form.error", { detail: problem.detail })}</p>` : ""}
<p><button type="submit">${t.t("submit.send")}</button></p>
</form>`,
  );
}
