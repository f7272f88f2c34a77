// Heed's widget, dropped into a customer's app with one tag:
//   <script src="{api_host}/widget.js" data-public-key="heed_pk_…" async></script>
// It identifies the customer's user, tracks their events in batches, and opens the workspace's
// portal in a panel, signed in as that user. Its UI lives in a Shadow DOM and the portal in an
// iframe, so neither page's CSS or scripts reach the other. Nothing it does may break the host
// page: every failure is a console warning.

import type { HeedWidget, WidgetIdentity, WidgetPage } from "../../../../../packages/client/src/widget.js";
import { textOn } from "../../../../../packages/shared/src/contrast.js";
import { designTokensFor } from "../../../../../packages/shared/src/design-tokens.js";

const script = document.currentScript as HTMLScriptElement | null;
const publicKey = script?.dataset.publicKey ?? "";
const host = script ? new URL(script.src).origin : "";
const BATCH = 20;
const FLUSH_MS = 3000;
const SEEN_KEY = "heed:changelog-seen";

// The words it shows come from the portal's message catalogue: the server writes them in here
// when it serves the script (a build without a server keeps the English ones below).
interface Words {
  launcher: string;
  close: string;
  panel: string;
  fresh: string;
  freshShort: string;
  freshWhere: string;
  tabs: Record<WidgetPage, string>;
  /** The language the script's `?lang=` named, which the panel's pages speak too. */
  lang?: string;
  /** "rtl" for a language read right to left. */
  dir?: string;
}
const WORDS: Words = (() => {
  const served = "__HEED_WIDGET_WORDS__";
  try {
    return JSON.parse(served);
  } catch {
    return {
      launcher: "Feedback",
      close: "Close",
      panel: "Feedback",
      fresh: "{count} new in the changelog",
      freshShort: "{count} new",
      freshWhere: "in the changelog",
      tabs: { feedback: "New idea", ideas: "Ideas", roadmap: "Roadmap", changelog: "Changelog" },
    };
  }
})();

let userToken: string | null = null;
const queue: Record<string, unknown>[] = [];
let flushTimer: ReturnType<typeof setTimeout> | undefined;
/** What the widget needs of the workspace, asked once: its slug and its accent colour. */
let workspaceInfo: Promise<{ slug: string; accentColor: string | null } | null> | null = null;

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

function workspace(): Promise<{ slug: string; accentColor: string | null } | null> {
  workspaceInfo ??= call("/portal/workspace").then(async (r) => (r ? ((await r.json()) as { slug: string; accentColor: string | null }) : null));
  return workspaceInfo;
}

async function workspaceSlug(): Promise<string | null> {
  return (await workspace())?.slug ?? null;
}

// The panel and the launcher, in a shadow root of one host element.
let root: ShadowRoot | null = null;
let panel: HTMLElement | null = null;
let badge: HTMLElement | null = null;
let launch: HTMLButtonElement | null = null;
/** Whatever had focus when the panel opened (the launcher, or the host's own button): it gets it back. */
let opener: HTMLElement | null = null;

// The panel's tabs, each a portal page in the frame: the form for a new idea (with the ideas like
// it listed as one types) first, then the ideas, the roadmap and the changelog.
const TABS: [WidgetPage, string][] = [
  ["feedback", "/new"],
  ["ideas", ""],
  ["roadmap", "/roadmap"],
  ["changelog", "/changelog"],
];

// Drawn with the dashboard's and the portal's tokens (packages/shared), light and dark.
const STYLES = `${designTokensFor(":host")}
:host { all: initial; }
button { font: 600 14px system-ui, sans-serif; cursor: pointer; }
button:focus-visible { outline: 3px solid #ffbf47; outline-offset: 2px; }
.launcher { position: fixed; right: 20px; bottom: 20px; z-index: 2147483000; padding: 10px 16px; border: 0; border-radius: 999px; background: var(--brand, var(--accent)); color: var(--brand-fg, var(--accent-fg)); font-size: 15px; box-shadow: 0 4px 14px rgba(0,0,0,.25); }
.unseen { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
.badge { display: inline-block; margin-left: 4px; padding: 0 7px; border-radius: 999px; background: var(--brand-fg, var(--accent-fg)); color: var(--brand, var(--accent)); font-size: 12px; }
.panel { position: fixed; top: 0; right: 0; bottom: 0; z-index: 2147483001; display: flex; flex-direction: column; width: min(420px, 100vw); background: var(--bg); box-shadow: -4px 0 20px rgba(0,0,0,.25); }
.bar { display: flex; gap: 4px; align-items: center; padding: 6px; background: var(--soft); border-bottom: 1px solid var(--line); }
.tabs { display: flex; flex: 1; gap: 2px; overflow-x: auto; }
.tabs button { padding: 6px 7px; font-size: 13px; border: 0; border-radius: 6px; background: none; color: var(--fg); }
.tabs [aria-selected=true] { background: var(--bg); color: var(--accent); box-shadow: inset 0 -2px var(--accent); }
.tabs [aria-selected=true]:focus-visible { box-shadow: none; }
.edge { position: absolute; width: 1px; height: 1px; overflow: hidden; }
.close { width: 30px; height: 30px; padding: 0; border: 1px solid var(--muted); border-radius: 6px; background: var(--bg); color: var(--fg); font-size: 18px; line-height: 1; }
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
  if (!panel) return;
  panel.remove();
  panel = null;
  opener?.focus();
  opener = null;
}

/** A point Tab can reach at an edge of the panel, which sends focus on at once. */
function edge(onFocus: () => void): HTMLElement {
  const element = document.createElement("span");
  element.className = "edge";
  element.tabIndex = 0;
  element.addEventListener("focus", onFocus);
  return element;
}

/** The workspace's accent on the launcher, with black or white text, whichever reads better on it. */
async function brandLauncher(): Promise<void> {
  const accent = (await workspace())?.accentColor;
  if (!accent || !root) return;
  const host = root.host as HTMLElement;
  host.style.setProperty("--brand", accent);
  host.style.setProperty("--brand-fg", textOn(accent));
}

function button(className: string, text: string): HTMLButtonElement {
  const element = document.createElement("button");
  element.type = "button";
  element.className = className;
  element.textContent = text;
  return element;
}

async function open(page: WidgetPage = "feedback"): Promise<void> {
  const workspace = await workspaceSlug();
  if (!workspace) return;
  const shadow = ensureRoot();
  if (!panel) opener = (shadow.activeElement ?? document.activeElement) as HTMLElement | null;
  panel?.remove();
  panel = document.createElement("div");
  panel.className = "panel";
  panel.setAttribute("role", "dialog");
  panel.setAttribute("aria-modal", "true");
  panel.setAttribute("aria-label", WORDS.panel);
  if (WORDS.dir) panel.dir = WORDS.dir;
  const frame = document.createElement("iframe");
  frame.title = WORDS.panel;
  frame.id = "heed-page";
  // The portal's script reads the frame's name and leaves out the portal's own header: the tabs are here.
  frame.name = "heed-widget";
  const tabs = document.createElement("div");
  tabs.className = "tabs";
  tabs.setAttribute("role", "tablist");
  const show = (tab: HTMLButtonElement, name: WidgetPage, path: string) => {
    // One tab stop for the tab list, the selected tab (the arrow keys move between them).
    for (const other of Array.from(tabs.children)) {
      other.setAttribute("aria-selected", String(other === tab));
      other.setAttribute("tabindex", other === tab ? "0" : "-1");
    }
    const target = `/p/${workspace}${path}${WORDS.lang ? `?lang=${WORDS.lang}` : ""}`;
    // Signed in as the identified user: the portal trades the end-user token for its own cookie.
    frame.src = userToken ? `${host}/p/${workspace}/sso?userToken=${encodeURIComponent(userToken)}&redirect=${encodeURIComponent(target)}` : `${host}${target}`;
    if (name === "changelog") markChangelogSeen();
  };
  for (const [name, path] of TABS) {
    const tab = button("", WORDS.tabs[name]);
    tab.setAttribute("role", "tab");
    tab.setAttribute("aria-controls", frame.id);
    tab.addEventListener("click", () => show(tab, name, path));
    tabs.append(tab);
  }
  // Left and right move between the tabs, as in any tab list.
  tabs.addEventListener("keydown", (event) => {
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    const all = Array.from(tabs.children) as HTMLButtonElement[];
    const next = all[(all.indexOf(event.target as HTMLButtonElement) + step + all.length) % all.length];
    if (step && next) {
      next.focus();
      next.click();
    }
  });
  // A cross that fits beside four tabs on a phone; its name is the word.
  const closeButton = button("close", "×");
  closeButton.setAttribute("aria-label", WORDS.close);
  closeButton.addEventListener("click", close);
  const bar = document.createElement("div");
  bar.className = "bar";
  bar.append(tabs, closeButton);
  // Tab stays in the open panel: leaving past its end (out of the portal's page) comes back to the
  // selected tab; leaving before its start goes to the page in the frame.
  const start = edge(() => frame.focus());
  const end = edge(() => (tabs.querySelector("[aria-selected=true]") as HTMLElement | null)?.focus());
  panel.append(start, bar, frame, end);
  panel.addEventListener("keydown", (event) => {
    if (event.key === "Escape") close();
  });
  shadow.append(panel);
  const first = TABS.findIndex(([name]) => name === page);
  const tab = tabs.children[Math.max(first, 0)] as HTMLButtonElement;
  tab.click();
  tab.focus();
}

function markChangelogSeen(): void {
  try {
    localStorage.setItem(SEEN_KEY, new Date().toISOString());
  } catch {
    // Storage refused (private mode): the badge counts from the start again.
  }
  badge?.remove();
  badge = null;
  launch?.normalize();
  if (launch) launch.textContent = launch.textContent?.trim() ?? "";
}

/** The launcher, with the number of changelog entries published since the user last looked. */
async function launcher(): Promise<void> {
  const shadow = ensureRoot();
  launch = button("launcher", script?.dataset.launcher || WORDS.launcher);
  launch.addEventListener("click", () => void open("feedback"));
  shadow.append(launch);
  void brandLauncher();
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
  // The badge says what it counts ("2 new"), and where to a screen reader ("… in the changelog").
  badge = document.createElement("span");
  badge.className = "badge";
  badge.textContent = WORDS.freshShort.replace("{count}", String(fresh));
  badge.title = WORDS.fresh.replace("{count}", String(fresh));
  const where = document.createElement("span");
  where.className = "unseen";
  where.textContent = ` ${WORDS.freshWhere}`;
  badge.append(where);
  launch?.append(" ", badge);
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
