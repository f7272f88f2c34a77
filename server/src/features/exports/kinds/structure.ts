import { tableKind } from "./kind.js";

// What the workspace is organised by: boards, statuses, tags, and the team members who write and
// own posts (names and emails; never a password, session or key).

export const boards = tableKind("boards", "boards", (b) => ({
  id: b.id,
  slug: b.slug,
  name: b.name,
  description: b.description,
  visibility: b.visibility,
  createdAt: b.created_at,
}));

export const statuses = tableKind("statuses", "statuses", (s) => ({
  id: s.id,
  name: s.name,
  category: s.category,
  color: s.color,
  position: Number(s.position),
  isDefault: Boolean(Number(s.is_default)),
}));

export const tags = tableKind("tags", "tags", (t) => ({ id: t.id, name: t.name, color: t.color }));

export const members = tableKind("members", "members", (m) => ({ id: m.id, name: m.name, email: m.email, role: m.role, createdAt: m.created_at }));
