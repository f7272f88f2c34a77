import { html } from "hono/html";
import type { Frame, Html } from "../layout.js";
import { page } from "../layout.js";

// Pages that say why there is nothing to show: a private portal to a reader not signed in, an
// unknown page, an address that could not be read. None of them is for search engines.

export function privatePage(frame: Frame, canonical: string): Html {
  const { t } = frame;
  const title = t.t("private.title", { workspace: frame.workspace.name });
  return page(
    frame,
    { title, description: title, canonical, noindex: true },
    html`<h1>${title}</h1><p>${t.t("private.text", { workspace: frame.workspace.name })}</p>`,
  );
}

export function notFoundPage(frame: Frame, canonical: string): Html {
  const { t } = frame;
  return page(
    frame,
    { title: t.t("notFound.title"), description: t.t("notFound.text"), canonical, noindex: true },
    html`<h1>${t.t("notFound.title")}</h1><p>${t.t("notFound.text")}</p><p><a href="${frame.base}">${t.t("notFound.home")}</a></p>`,
  );
}

export function badRequestPage(frame: Frame, canonical: string): Html {
  const { t } = frame;
  return page(
    frame,
    { title: t.t("badRequest.title"), description: t.t("badRequest.text"), canonical, noindex: true },
    html`<h1>${t.t("badRequest.title")}</h1><p>${t.t("badRequest.text")}</p><p><a href="${frame.base}">${t.t("notFound.home")}</a></p>`,
  );
}
