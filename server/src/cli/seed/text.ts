// Word lists for realistic-looking feedback. Small on purpose: combinations give plenty of variety.

export type Random = () => number;

/** A small deterministic PRNG (mulberry32), so a seed run can be repeated exactly. */
export function seededRandom(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

const ACTIONS = ["Add", "Support", "Allow", "Improve", "Let us", "Bring back", "Speed up", "Simplify", "Offer", "Fix"];
const FEATURES = [
  "dark mode",
  "CSV export",
  "SSO with Okta",
  "two-factor login",
  "keyboard shortcuts",
  "bulk editing",
  "custom fields",
  "Slack notifications",
  "a public API for reports",
  "recurring invoices",
  "offline mode",
  "calendar sync",
  "audit history",
  "markdown in comments",
  "a mobile app",
  "webhooks for billing events",
  "saved filters",
  "team permissions",
  "multi-currency pricing",
  "Zapier integration",
  "PDF reports",
  "scheduled emails",
  "GitHub sync",
  "search across projects",
];
const PLACES = ["in the dashboard", "on mobile", "for admins", "in reports", "for large teams", "in the editor", "on invoices", "", "", ""];
const SENTENCES = [
  "We run into this every week and currently work around it by hand.",
  "Our whole team would use this daily.",
  "This is the main reason we are evaluating other tools.",
  "It would save us hours at the end of every month.",
  "Customers keep asking us for it during onboarding.",
  "Right now we export everything and fix it in a spreadsheet.",
  "Competitors already offer this, and we miss it.",
  "Even a basic version would help a lot.",
  "Please make it available on the cheaper plans too.",
  "Happy to test an early version if that helps.",
];
const FIRST = ["Ada", "Linus", "Grace", "Ken", "Margaret", "Dennis", "Barbara", "Alan", "Frances", "Tim", "Radia", "Guido", "Sophie", "Yukihiro", "Anders"];
const LAST = [
  "Lovelace",
  "Torvalds",
  "Hopper",
  "Thompson",
  "Hamilton",
  "Ritchie",
  "Liskov",
  "Turing",
  "Allen",
  "Berners-Lee",
  "Perlman",
  "Rossum",
  "Wilson",
  "Matsumoto",
  "Hejlsberg",
];
const COMPANY_WORDS = ["Acme", "Globex", "Initech", "Umbrella", "Hooli", "Stark", "Wayne", "Tyrell", "Cyberdyne", "Soylent", "Vandelay", "Wonka"];
const COMPANY_KINDS = ["Labs", "Systems", "Corp", "Group", "Analytics", "Cloud", "Health", "Logistics"];

export const TAG_NAMES = ["integrations", "billing", "mobile", "reporting", "security", "performance", "ux", "api"];
export const BOARD_NAMES = ["Feature requests", "Bugs", "Integrations", "Mobile app", "API", "Billing", "Design", "Docs"];

export function postTitle(random: Random): string {
  return `${pick(random, ACTIONS)} ${pick(random, FEATURES)} ${pick(random, PLACES)}`.trim();
}

export function postBody(random: Random): string {
  const count = 1 + Math.floor(random() * 3);
  return Array.from({ length: count }, () => pick(random, SENTENCES)).join(" ");
}

export function personName(random: Random): string {
  return `${pick(random, FIRST)} ${pick(random, LAST)}`;
}

export function companyName(random: Random, index: number): string {
  return `${pick(random, COMPANY_WORDS)} ${pick(random, COMPANY_KINDS)} ${index + 1}`;
}

export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}
