import type { Problem } from "@heed/client";

// A refused field in a person's words, chosen by the stable `code` of the problem+json's field
// error, never by reading its `detail` (English for developers; for the validator's codes, the
// validator's). Every code the API documents has its entry: a new one fails the type check here.
// Only `invalid`, whose detail Heed writes for each case, shows the server's words.

type FieldError = NonNullable<Problem["errors"]>[number];

const WORDS: Record<FieldError["code"], ((limit: number | undefined) => string) | null> = {
  required: () => "Required.",
  wrong_type: () => "This is not a value the field takes.",
  too_short: (n) => (n === undefined || n <= 1 ? "Required." : `Use at least ${n} characters.`),
  too_long: (n) => (n === undefined ? "Too long." : `Use at most ${n.toLocaleString()} characters.`),
  too_few: (n) => (n === undefined || n <= 1 ? "Choose at least one." : `Choose at least ${n}.`),
  too_many: (n) => (n === undefined ? "Too many." : `Choose at most ${n}.`),
  too_small: (n) => (n === undefined ? "Too small." : `Use ${n.toLocaleString()} or more.`),
  too_large: (n) => (n === undefined ? "Too large." : `Use ${n.toLocaleString()} or less.`),
  not_allowed: () => "Choose one of the values offered.",
  invalid_format: () => "This is not in the expected form.",
  unknown_field: () => "Heed does not take this field here.",
  unknown_reference: () => "This no longer exists. Choose another.",
  taken: () => "Taken already. Choose another.",
  insecure_url: () => "Use an https address. (A server run with WEBHOOKS_ALLOW_PRIVATE=1 also takes http, for a receiver beside it.)",
  private_address: () =>
    "Heed does not call private, loopback or link-local addresses. (A server run with WEBHOOKS_ALLOW_PRIVATE=1 does, for a receiver beside it.)",
  invalid: null,
};

/** Fields that take a web address: their form is said with an example. */
const URL_FIELD = /(^|\/)(url|issuer|[a-z]*Url)$/;

export function fieldWords(error: FieldError): string {
  if (error.code === "invalid_format" && URL_FIELD.test(error.pointer)) return "Enter a whole address, such as https://example.com/heed.";
  // A code newer than this dashboard falls back to the server's words.
  const words = WORDS[error.code] as ((limit: number | undefined) => string) | null | undefined;
  return words ? words(error.limit) : error.detail;
}
