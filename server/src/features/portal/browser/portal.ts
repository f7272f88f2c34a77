// The portal's small script: it makes what already works without JavaScript quicker. A vote
// changes in place instead of reloading the page, and while an idea's title is typed the ideas
// like it are listed, so a duplicate gets a vote instead. Every string it shows comes from the
// page (data attributes filled from the message catalogue).

function enhanceVotes(): void {
  for (const form of Array.from(document.querySelectorAll<HTMLFormElement>("form[data-enhance=vote]"))) {
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const button = form.querySelector("button");
      const voted = form.querySelector<HTMLInputElement>("input[name=voted]");
      if (!button || !voted || button.disabled) return;
      button.disabled = true;
      try {
        const response = await fetch(form.action, {
          method: "POST",
          body: new URLSearchParams(new FormData(form) as unknown as Record<string, string>),
          headers: { accept: "application/json" },
        });
        // Anything unexpected (signed out, a stale form): let the form do it the plain way.
        if (!response.ok) return form.submit();
        const answer = (await response.json()) as { voted: boolean; voteCount: number };
        voted.value = answer.voted ? "0" : "1";
        button.setAttribute("aria-pressed", String(answer.voted));
        button.classList.toggle("voted", answer.voted);
        const [count, label] = [button.querySelector("strong"), button.querySelector("span")];
        if (count) count.textContent = answer.voteCount.toLocaleString(document.documentElement.lang);
        if (label) label.textContent = (answer.voted ? form.dataset.labelVoted : form.dataset.labelVote) ?? "";
      } finally {
        button.disabled = false;
      }
    });
  }
}

function enhanceSimilar(): void {
  const input = document.querySelector<HTMLInputElement>("input[data-similar]");
  const box = document.querySelector<HTMLElement>(".similar");
  const list = box?.querySelector("ul");
  if (!input || !box || !list) return;
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
      const response = await fetch(`${input.dataset.similar}/similar?q=${encodeURIComponent(q)}`, { headers: { accept: "application/json" } });
      if (!response.ok || q !== asked) return;
      const ideas = (await response.json()) as { title: string; url: string; votes: string }[];
      list.replaceChildren(
        ...ideas.map((idea) => {
          const item = document.createElement("li");
          const link = document.createElement("a");
          link.href = idea.url;
          link.textContent = idea.title;
          item.append(link, ` · ${idea.votes}`);
          return item;
        }),
      );
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
