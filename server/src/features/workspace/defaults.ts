import type { StatusCategory } from "../../platform/db/schema.js";

// What every new workspace starts with.
export const DEFAULT_STATUSES: { name: string; category: StatusCategory; color: string; isDefault?: boolean }[] = [
  { name: "Open", category: "open", color: "#64748b", isDefault: true },
  { name: "Under review", category: "open", color: "#0ea5e9" },
  { name: "Planned", category: "active", color: "#8b5cf6" },
  { name: "In progress", category: "active", color: "#f59e0b" },
  { name: "Complete", category: "complete", color: "#22c55e" },
  { name: "Closed", category: "closed", color: "#ef4444" },
];

export const DEFAULT_BOARD = { slug: "feature-requests", name: "Feature requests", description: "Ideas for making the product better." };
