import type { Schemas } from "@heed/client";
import { useState } from "react";

// Which statuses the roadmap shows, and in which order. A workspace's default status is where every
// new post lands (tens of thousands of them on a busy board), and closed posts are done with, so
// neither is a column until someone asks for it. The choice is a person's own view, kept in this
// browser per workspace; nothing on the server changes.

type Status = Schemas["Status"];

export interface ColumnChoice {
  /** Status ids in the order chosen; statuses missing here follow in roadmap order. */
  order: string[];
  hidden: string[];
}

export function defaultChoice(statuses: Status[]): ColumnChoice {
  return { order: [], hidden: statuses.filter((s) => s.isDefault || s.category === "closed").map((s) => s.id) };
}

/** The statuses in the chosen order, each with whether it shows. */
export function arrange(statuses: Status[], choice: ColumnChoice): { status: Status; shown: boolean }[] {
  const rank = (s: Status) => {
    const at = choice.order.indexOf(s.id);
    return at === -1 ? choice.order.length + s.position : at;
  };
  return [...statuses].sort((a, b) => rank(a) - rank(b)).map((status) => ({ status, shown: !choice.hidden.includes(status.id) }));
}

function storageKey(workspaceId: string) {
  return `heed.roadmap.columns.${workspaceId}`;
}

function read(workspaceId: string): ColumnChoice | null {
  try {
    const saved = JSON.parse(localStorage.getItem(storageKey(workspaceId)) ?? "null") as Partial<ColumnChoice> | null;
    if (!saved || !Array.isArray(saved.order) || !Array.isArray(saved.hidden)) return null;
    return { order: saved.order.map(String), hidden: saved.hidden.map(String) };
  } catch {
    // Storage refused (private windows, policies) or a value from elsewhere: the defaults serve.
    return null;
  }
}

export function useColumnChoice(workspaceId: string | undefined, statuses: Status[]) {
  // Read again when the workspace changes (or was not known yet on the first render).
  const [state, setState] = useState(() => ({ workspaceId, saved: workspaceId ? read(workspaceId) : null }));
  const saved = state.workspaceId === workspaceId ? state.saved : workspaceId ? read(workspaceId) : null;
  const choice = saved ?? defaultChoice(statuses);
  const choose = (next: ColumnChoice) => {
    setState({ workspaceId, saved: next });
    if (!workspaceId) return;
    try {
      localStorage.setItem(storageKey(workspaceId), JSON.stringify(next));
    } catch {
      // Kept for this visit only.
    }
  };
  const reset = () => {
    setState({ workspaceId, saved: null });
    if (workspaceId) localStorage.removeItem(storageKey(workspaceId));
  };
  return { choice, choose, reset, chosenByPerson: saved !== null };
}

/** The choice with one status shown or hidden. */
export function toggled(choice: ColumnChoice, id: string, shown: boolean): ColumnChoice {
  const hidden = choice.hidden.filter((h) => h !== id);
  return { ...choice, hidden: shown ? hidden : [...hidden, id] };
}

/** The choice with one status moved one place earlier (-1) or later (+1) among all of them. */
export function moved(arranged: { status: Status }[], choice: ColumnChoice, id: string, by: -1 | 1): ColumnChoice {
  const order = arranged.map((a) => a.status.id);
  const from = order.indexOf(id);
  const to = from + by;
  if (from === -1 || to < 0 || to >= order.length) return choice;
  [order[from], order[to]] = [order[to]!, order[from]!];
  return { ...choice, order };
}
