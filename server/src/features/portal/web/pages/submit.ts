import { html } from "hono/html";
import { getPortalWorkspace } from "../../workspace.js";
import { PORTAL_LIMITS } from "../../schema.js";
import type { PortalRequest } from "../context.js";
import { formTokenField, type Html, page } from "../layout.js";
import { signInOptions } from "./sign-in.js";

// Posting an idea (/p/{workspace}/b/{board}/new): a title and optional details. The page's script
// lists similar ideas while the title is typed, so a duplicate gets a vote instead. A visitor who
// is not signed in gets the ways in here, each of which returns to this form; and /p/{workspace}/new
// asks which board first, where there is more than one.

export interface SubmitProblem {
  detail: string;
  title: string;
  body: string;
}

export async function submitPage(r: PortalRequest, slug: string, problem?: SubmitProblem): Promise<Html | null> {
  const { t } = r.frame;
  const workspace = await getPortalWorkspace({ ctx: r.ctx });
  const board = workspace.boards.find((b) => b.slug === slug);
  if (!board) return null;
  const title = t.t("submit.title", { board: board.name });
  const here = `/b/${board.slug}/new`;
  const meta = {
    title: `${title} · ${workspace.name}`,
    description: title,
    canonical: r.url(here),
    noindex: true,
    section: "home",
    newIdea: `${r.frame.base}${here}`,
  } as const;
  if (!r.frame.reader) {
    return page(
      r.frame,
      { ...meta, signingIn: true },
      html`<h1>${title}</h1>
<p class="lede">${t.t("submit.signInFirst")}</p>
${signInOptions(r, `${r.frame.base}${here}`)}`,
    );
  }
  return page(
    r.frame,
    meta,
    html`<h1>${title}</h1>
<form class="submit" method="post" action="${r.frame.base}/b/${board.slug}/new">
${formTokenField(r.frame)}
<label for="idea-title">${t.t("submit.ideaTitle")}</label>
<input id="idea-title" name="title" type="text" required maxlength="${PORTAL_LIMITS.title}" value="${problem?.title ?? ""}" autocomplete="off" data-similar="${r.frame.base}"${problem ? html` aria-invalid="true" aria-describedby="idea-error"` : ""}>
<div class="similar" aria-live="polite" data-label-vote="${t.t("vote.vote")}" data-label-voted="${t.t("vote.voted")}" hidden><p>${t.t("submit.similar")}</p><ul class="posts"></ul></div>
<label for="idea-body">${t.t("submit.body")}</label>
<textarea id="idea-body" name="body" rows="6" maxlength="${PORTAL_LIMITS.body}">${problem?.body ?? ""}</textarea>
${problem ? html`<p class="error" id="idea-error" role="alert">${t.t("form.error", { detail: problem.detail })}</p>` : ""}
<p><button type="submit">${t.t("submit.send")}</button></p>
</form>`,
  );
}

/**
 * /p/{workspace}/new, where the header's "Post an idea" leads from pages of no one board: the
 * board's form at once when there is one public board, else the boards to choose from.
 */
export async function chooseBoardPage(r: PortalRequest): Promise<{ redirect: string } | Html | null> {
  const { t } = r.frame;
  const workspace = await getPortalWorkspace({ ctx: r.ctx });
  if (workspace.boards.length === 1) return { redirect: `${r.frame.base}/b/${workspace.boards[0]!.slug}/new` };
  if (workspace.boards.length === 0) return null;
  const title = t.t("submit.chooseTitle");
  return page(
    r.frame,
    { title: `${title} · ${workspace.name}`, description: title, canonical: r.url("/new"), noindex: true, section: "home" },
    html`<h1>${title}</h1>
<p class="lede">${t.t("submit.chooseBoard")}</p>
<ul class="boards">${workspace.boards.map(
      (b) => html`<li><a href="${r.frame.base}/b/${b.slug}/new">${b.name}</a>${b.description ? html`<p dir="auto">${b.description}</p>` : ""}</li>`,
    )}</ul>`,
  );
}
