import { useEffect } from "react";

// The inbox's triage keys. They act only when no field has the keyboard (typing "j" in the search
// box types a j) and without modifier keys (the browser's own shortcuts stay the browser's).

export const SHORTCUTS = [
  { keys: "j", action: "Next post" },
  { keys: "k", action: "Previous post" },
  // j and k move the focus to the post's title link, so Enter opens it as any link does.
  { keys: "Enter", action: "Open the post" },
  { keys: "x", action: "Select or unselect the post" },
  { keys: "s", action: "Set the status of the post (or of the selection)" },
  { keys: "a", action: "Assign an owner to the post (or to the selection)" },
  { keys: "?", action: "Show these shortcuts" },
] as const;

function typing(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName));
}

export function useShortcuts(handlers: Record<string, () => void>): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || typing(event.target) || document.querySelector("dialog[open]")) return;
      const handler = handlers[event.key];
      if (!handler) return;
      event.preventDefault();
      handler();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  });
}
