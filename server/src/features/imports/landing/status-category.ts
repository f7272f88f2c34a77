import type { StatusCategory } from "../../../platform/db/schema.js";

// A status a source names and the workspace lacks is made; its category (what the roadmap and the
// filters group by) is guessed from its name the way the common tools name theirs, `open` otherwise.

const CATEGORIES: [RegExp, StatusCategory][] = [
  [/complete|done|shipped|released|launched|live|fixed|resolved/i, "complete"],
  [/closed|declined|rejected|won.?t|not planned|duplicate|archived/i, "closed"],
  [/planned|progress|started|building|working|beta|next|now/i, "active"],
];

export function categoryOfStatus(name: string): StatusCategory {
  for (const [pattern, category] of CATEGORIES) if (pattern.test(name)) return category;
  return "open";
}
