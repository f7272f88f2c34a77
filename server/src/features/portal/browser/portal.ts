// The portal's small script: it makes what already works without JavaScript quicker. A vote
// changes in place instead of reloading the page, and while an idea's title is typed the ideas
// like it are listed, so a duplicate gets a vote instead. Every string it shows comes from the
// page (data attributes filled from the message catalogue).

import type { SimilarIdea } from "../../../../../packages/shared/src/similar-idea.js";

interface VoteAnswer {
  voted: boolean;
  voteCount: number;
}

/** Shows a vote's new state on its button: pressed or not, the count, and the label beside it. */
function showVote(button: HTMLButtonElement, answer: VoteAnswer, labels: DOMStringMap): void {
  button.setAttribute("aria-pressed", String(answer.voted));
  button.classList.toggle("voted", answer.voted);
  const [count, label] = [button.querySelector("strong"), button.querySelector("span")];
  if (count) count.textContent = answer.voteCount.toLocaleString(document.documentElement.lang);
  if (label) label.textContent = (answer.voted ? labels.labelVoted : labels.labelVote) ?? "";
}

/** POSTs a vote (or takes it back) as the portal's form would; undefined when that did not work. */
async function sendVote(action: string, body: URLSearchParams): Promise<VoteAnswer | undefined> {
  const response = await fetch(action, { method: "POST", body, headers: { accept: "application/json" } });
  return response.ok ? ((await response.json()) as VoteAnswer) : undefined;
}

function enhanceVotes(): void {
  for (const form of Array.from(document.querySelectorAll<HTMLFormElement>("form[data-enhance=vote]"))) {
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const button = form.querySelector("button");
      const voted = form.querySelector<HTMLInputElement>("input[name=voted]");
      if (!button || !voted || button.disabled) return;
      button.disabled = true;
      try {
        const answer = await sendVote(form.action, new URLSearchParams(new FormData(form) as unknown as Record<string, string>));
        // Anything unexpected (signed out, a stale form): let the form do it the plain way.
        if (!answer) return form.submit();
        voted.value = answer.voted ? "0" : "1";
        showVote(button, answer, form.dataset);
      } finally {
        button.disabled = false;
      }
    });
  }
}

/**
 * A similar idea with a one-click vote. The list sits inside the new-idea form, where a form of its
 * own cannot, so the button sends the vote itself, with the page's form token.
 */
function similarItem(idea: SimilarIdea, box: HTMLElement, base: string, token: string): HTMLLIElement {
  const item = document.createElement("li");
  item.className = "post";
  const vote = document.createElement("div");
  vote.className = "vote";
  const button = document.createElement("button");
  button.type = "button";
  button.className = "count";
  button.append(document.createElement("strong"), document.createElement("span"));
  showVote(button, { voted: idea.viewerHasVoted, voteCount: idea.voteCount }, box.dataset);
  button.addEventListener("click", async () => {
    if (button.disabled) return;
    button.disabled = true;
    try {
      const voted = button.getAttribute("aria-pressed") !== "true";
      const answer = await sendVote(`${base}/posts/${idea.id}/vote`, new URLSearchParams({ _form: token, voted: voted ? "1" : "0" }));
      if (answer) showVote(button, answer, box.dataset);
    } finally {
      button.disabled = false;
    }
  });
  vote.append(button);
  const text = document.createElement("div");
  const link = document.createElement("a");
  link.href = idea.url;
  link.dir = "auto";
  link.textContent = idea.title;
  text.append(link);
  item.append(vote, text);
  return item;
}

function enhanceSimilar(): void {
  const input = document.querySelector<HTMLInputElement>("input[data-similar]");
  const box = document.querySelector<HTMLElement>(".similar");
  const list = box?.querySelector("ul");
  if (!input || !box || !list) return;
  const base = input.dataset.similar ?? "";
  const token = input.form?.querySelector<HTMLInputElement>("input[name=_form]")?.value ?? "";
  let timer: ReturnType<typeof setTimeout> | undefined;
  let asked = "";
  input.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(async () => {
      const q = input.value.trim();
      if (q === asked) return;
      asked = q;
      if (q.length < 3) {
        box.hidden = true;
        return;
      }
      const response = await fetch(`${base}/similar?q=${encodeURIComponent(input.value)}`, { headers: { accept: "application/json" } });
      if (!response.ok || q !== asked) return;
      const ideas = (await response.json()) as SimilarIdea[];
      list.replaceChildren(...ideas.map((idea) => similarItem(idea, box, base, token)));
      box.hidden = ideas.length === 0;
    }, 250);
  });
}

/** In the widget's panel, Escape closes the panel: the key press does not leave the frame, so it is told. */
function closeOnEscape(): void {
  if (window.parent === window) return;
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape") window.parent.postMessage("heed:close", "*");
  });
}

/** In the widget's panel, whose tabs stand in for the portal's header: the page alone. */
function fitTheWidget(): void {
  if (window.name === "heed-widget") document.documentElement.classList.add("in-widget");
}

fitTheWidget();
enhanceVotes();
enhanceSimilar();
closeOnEscape();
