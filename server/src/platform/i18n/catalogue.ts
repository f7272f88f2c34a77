import type { en } from "./catalogues/en.js";

// What a translation holds: every key of the English catalogue (the compiler names a missing
// one), plus the plural forms its language needs beyond `.one` and `.other` (`post.votes.few`).

export type MessageKey = keyof typeof en;

export type Catalogue = { readonly [K in MessageKey]: string } & { readonly [pluralForm: string]: string };
