// Copies of a person kept inside stored JSON (outbox events, webhook payloads, audit data,
// notification events), made anonymous in place. The document keeps its shape, so a consumer that
// reads an old event or replays a delivery still parses it: the person's fields are emptied, their
// id stays (it names the anonymised row that still carries their votes and comments).

/** The person being erased, as the copies may hold them. */
export interface Person {
  id: string;
  /** What identified them: the email wherever a copy holds it (case ignored), the name under a name's key. */
  email: string | null;
  name: string | null;
  externalId: string;
}

/** Fields of an EndUser object (or an author object) that are the person's own. */
const PERSONAL_FIELDS: Record<string, unknown> = {
  email: null,
  name: null,
  avatarUrl: null,
  company: null,
  companyId: null,
  traits: {},
  locale: null,
};

/** Keys that name the person whose sibling `actorName` / `authorName` repeats their name. */
const PERSON_REFERENCES = ["id", "authorId", "userId", "actorId", "recipientId"];
const NAME_COPIES = ["actorName", "authorName", "userName", "voterName"];

/** `text` without the email in it (any case); the same string when it held none. */
function withoutEmail(text: string, email: string): string {
  const at = text.toLowerCase().indexOf(email);
  if (at < 0) return text;
  return withoutEmail(`${text.slice(0, at)}[erased]${text.slice(at + email.length)}`, email);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The value with every copy of the person made anonymous; the same value (===) when nothing was.
 * Their email goes wherever it stands (it is theirs alone): a value that is the email becomes
 * null, text that contains it loses it. Their name goes from their own object and from the keys
 * that copy an actor's name (`actorName`, …), never elsewhere: a title, a status or another
 * person who happens to be called the same stays.
 */
function scrubValue(value: unknown, person: Person, erasedExternalId: string, key?: string): unknown {
  if (typeof value === "string") {
    const email = person.email?.toLowerCase();
    if (email && value.toLowerCase() === email) return null;
    if (person.name && value === person.name && key !== undefined && NAME_COPIES.includes(key)) return null;
    return email ? withoutEmail(value, email) : value;
  }
  if (Array.isArray(value)) {
    let changed = false;
    const out = value.map((item) => {
      const next = scrubValue(item, person, erasedExternalId);
      if (next !== item) changed = true;
      return next;
    });
    return changed ? out : value;
  }
  if (!isRecord(value)) return value;
  let changed = false;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const next = scrubValue(item, person, erasedExternalId, key);
    if (next !== item) changed = true;
    out[key] = next;
  }
  if (out.id === person.id) {
    for (const [key, empty] of Object.entries(PERSONAL_FIELDS)) {
      if (key in out && JSON.stringify(out[key]) !== JSON.stringify(empty)) {
        out[key] = empty;
        changed = true;
      }
    }
    if (typeof out.externalId === "string" && out.externalId !== erasedExternalId) {
      out.externalId = erasedExternalId;
      changed = true;
    }
  }
  if (PERSON_REFERENCES.some((key) => out[key] === person.id)) {
    for (const key of NAME_COPIES) {
      if (typeof out[key] === "string") {
        out[key] = null;
        changed = true;
      }
    }
  }
  return changed ? out : value;
}

/**
 * Stored JSON text with the person made anonymous, or null when it held nothing of theirs (so the
 * caller writes only rows that change). Text that is not JSON is returned as null: left alone.
 */
export function scrubJson(text: string, person: Person, erasedExternalId: string): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  const next = scrubValue(parsed, person, erasedExternalId);
  return next === parsed ? null : JSON.stringify(next);
}
