// Heed's widget, dropped into a customer's app with one tag:
//   <script src="{api_host}/widget.js" data-public-key="heed_pk_…" async></script>
// It identifies the customer's user, tracks their events in batches, and opens the workspace's
// portal in a panel, signed in as that user. Its UI lives in a Shadow DOM and the portal in an
// iframe, so neither page's CSS or scripts reach the other. Nothing it does may break the host
// page: every failure is a console warning.

import type { HeedWidget, WidgetIdentity, WidgetPage } from "../../../../../packages/client/src/widget.js";

const script = document.currentScript as HTMLScriptElement | null;
const publicKey = script?.dataset.publicKey ?? "";
const host = script ? new URL(script.src).origin : "";
const BATCH = 20;
const FLUSH_MS = 3000;
const SEEN_KEY = "heed:changelog-seen";

// The words it shows come from the portal's message catalogue: the server writes them in here
// when it serves the script (a build without a server keeps the English ones below).
const WORDS: { launcher: string; close: string; panel: string; fresh: string } = (() => {
  const served = "__HEED_WIDGET_WORDS__";
  try {
    return JSON.parse(served);
  } catch {
    return { launcher: "Feedback", close: "Close", panel: "Feedback", fresh: "{count} new in the changelog" };
  }
})();

let userToken: string | null = null;
const queue: Record<string, unknown>[] = [];
let flushTimer: ReturnType<typeof setTimeout> | undefined;
let slug: Promise<string | null> | null = null;

function warn(message: string): void {
  console.warn(`Heed: ${message}`);
}

function headers(json = true): Record<string, string> {
  return {
    "x-service-public-key": publicKey,
    ...(json ? { "content-type": "application/json" } : {}),
    ...(userToken ? { "x-service-user-token": userToken } : {}),
  };
}

async function call(path: string, init: RequestInit = {}): Promise<Response | null> {
  try {
    const response = await fetch(`${host}/v1${path}`, {
      ...init,
      headers: { ...headers(init.body !== undefined), ...(init.headers as Record<string, string>) },
    });
    if (!response.ok) {
      const problem = (await response.json().catch(() => null)) as { detail?: string } | null;
      warn(`${path} answered ${response.status}${problem?.detail ? `: ${problem.detail}` : ""}`);
      return null;
    }
    return response;
  } catch (error) {
    warn(`${path} could not be reached (${(error as Error).message}). Is this site among the workspace's allowed origins?`);
    return null;
  }
}

function anonymousId(): string {
  try {
    let id = localStorage.getItem("heed:anonymous-id");
    if (!id) {
      id = crypto.randomUUID();
      localStorage.setItem("heed:anonymous-id", id);
    }
    return id;
  } catch {
    return "anonymous";
  }
}

async function identify(input: WidgetIdentity): Promise<boolean> {
  const response = await call("/identify", { method: "POST", body: JSON.stringify(input) });
  if (!response) return false;
  userToken = ((await response.json()) as { token: string }).token;
  return true;
}

/** Sends what is queued. On the way out of the page the request is `keepalive`, so it outlives the page. */
function flush(leaving = false): Promise<void> {
  clearTimeout(flushTimer);
  if (queue.length === 0) return Promise.resolve();
  const batch = queue.splice(0, 100);
  const body = JSON.stringify({ batch });
  if (leaving) {
    fetch(`${host}/v1/track`, { method: "POST", body, headers: headers(), keepalive: true }).catch(() => undefined);
    return Promise.resolve();
  }
  return call("/track", { method: "POST", body }).then(() => (queue.length > 0 ? flush() : undefined));
}

function track(event: string, properties: Record<string, unknown> = {}): void {
  queue.push({ event, properties, timestamp: new Date().toISOString(), ...(userToken ? {} : { anonymousId: anonymousId() }) });
  if (queue.length >= BATCH) void flush();
  else {
    clearTimeout(flushTimer);
    flushTimer = setTimeout(() => void flush(), FLUSH_MS);
  }
}

function workspaceSlug(): Promise<string | null> {
  slug ??= call("/portal/workspace").then(async (r) => (r ? ((await r.json()) as { slug: string }).slug : null));
  return slug;
}

// The panel and the launcher, in a shadow root of one host element.
let root: ShadowRoot | null = null;
let panel: HTMLElement | null = null;
let badge: HTMLElement | null = null;

const STYLES = `
:host { all: initial; }
.launcher { position: fixed; right: 20px; bottom: 20px; z-index: 2147483000; padding: 10px 16px; border: 0; border-radius: 999px; background: #3b4fd8; color: #fff; font: 600 15px system-ui, sans-serif; cursor: pointer; box-shadow: 0 4px 14px rgba(0,0,0,.25); }
.launcher:focus-visible, .close:focus-visible { outline: 3px solid #ffbf47; outline-offset: 2px; }
.badge { display: inline-block; min-width: 18px; margin-left: 8px; padding: 0 5px; border-radius: 999px; background: #fff; color: #3b4fd8; font-size: 12px; text-align: center; }
.panel { position: fixed; top: 0; right: 0; bottom: 0; z-index: 2147483001; display: flex; flex-direction: column; width: min(420px, 100vw); background: #fff; box-shadow: -4px 0 20px rgba(0,0,0,.25); }
.bar { display: flex; justify-content: flex-end; padding: 6px; background: #f3f4f7; }
.close { padding: 6px 12px; border: 1px solid #5c6370; border-radius: 6px; background: #fff; color: #1b1d21; font: 600 14px system-ui, sans-serif; cursor: pointer; }
iframe { flex: 1; width: 100%; border: 0; }
`;

function ensureRoot(): ShadowRoot {
  if (root) return root;
  const element = document.createElement("heed-widget");
  document.body.append(element);
  root = element.attachShadow({ mode: "open" });
  // A constructed stylesheet, which a host page's CSP (style-src without 'unsafe-inline') allows.
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(STYLES);
  root.adoptedStyleSheets = [sheet];
  return root;
}

function close(): void {
  panel?.remove();
  panel = null;
}

async function open(page: WidgetPage = "feedback"): Promise<void> {
  const workspace = await workspaceSlug();
  if (!workspace) return;
  const path = page === "feedback" ? "" : `/${page}`;
  const target = `/p/${workspace}${path}`;
  // Signed in as the identified user: the portal trades the end-user token for its own cookie.
  const src = userToken ? `${host}/p/${workspace}/sso?userToken=${encodeURIComponent(userToken)}&redirect=${encodeURIComponent(target)}` : `${host}${target}`;
  if (page === "changelog") markChangelogSeen();
  const shadow = ensureRoot();
  close();
  panel = document.createElement("div");
  panel.className = "panel";
  panel.setAttribute("role", "dialog");
  panel.setAttribute("aria-label", WORDS.panel);
  const bar = document.createElement("div");
  bar.className = "bar";
  const closeButton = document.createElement("button");
  closeButton.className = "close";
  closeButton.type = "button";
  closeButton.textContent = WORDS.close;
  closeButton.addEventListener("click", close);
  bar.append(closeButton);
  const frame = document.createElement("iframe");
  frame.title = WORDS.panel;
  frame.src = src;
  panel.append(bar, frame);
  panel.addEventListener("keydown", (event) => {
    if (event.key === "Escape") close();
  });
  shadow.append(panel);
  closeButton.focus();
}

function markChangelogSeen(): void {
  try {
    localStorage.setItem(SEEN_KEY, new Date().toISOString());
  } catch {
    // Storage refused (private mode): the badge counts from the start again.
  }
  if (badge) badge.hidden = true;
}

/** The launcher, with the number of changelog entries published since the user last looked. */
async function launcher(): Promise<void> {
  const shadow = ensureRoot();
  const button = document.createElement("button");
  button.className = "launcher";
  button.type = "button";
  button.textContent = script?.dataset.launcher || WORDS.launcher;
  button.addEventListener("click", () => void open(badge && !badge.hidden ? "changelog" : "feedback"));
  shadow.append(button);
  const response = await call("/portal/changelog?limit=20");
  if (!response) return;
  const entries = ((await response.json()) as { data: { publishedAt: string }[] }).data;
  let seen = "";
  try {
    seen = localStorage.getItem(SEEN_KEY) ?? "";
  } catch {
    seen = "";
  }
  const fresh = entries.filter((e) => e.publishedAt > seen).length;
  if (fresh === 0) return;
  badge = document.createElement("span");
  badge.className = "badge";
  badge.textContent = String(fresh);
  badge.setAttribute("aria-label", WORDS.fresh.replace("{count}", String(fresh)));
  button.append(badge);
}

// Escape pressed inside the portal's frame (the portal's script tells only this).
window.addEventListener("message", (event) => {
  if (event.origin === host && event.data === "heed:close") close();
});

document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "hidden") void flush(true);
});
window.addEventListener("pagehide", () => void flush(true));

const api: HeedWidget = { identify, track, open, close, flush: () => flush() };
window.Heed = api;
if (!publicKey) warn("the script tag needs data-public-key (the workspace's heed_pk_… key).");
else if (script?.dataset.launcher !== undefined) void launcher();
window.dispatchEvent(new Event("heed:ready"));
