import { randomBytes } from "node:crypto";
import { idPattern as sharedIdPattern } from "../../../../packages/shared/src/bodies/fields.js";

// Ids are `<prefix>_<26 chars>`: 48 bits of milliseconds then 80 random bits, in lowercase
// Crockford base32. Its alphabet is in ASCII order, so ids sort by creation time on both databases
// and can break ties in keyset pagination.
const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";

export const ID_PREFIXES = {
  workspace: "ws",
  member: "mem",
  account: "acc",
  session: "ses",
  invite: "inv",
  passwordReset: "pwr",
  recoveryCode: "rcv",
  portalSignInLink: "psl",
  portalSession: "pss",
  board: "brd",
  status: "sts",
  tag: "tag",
  post: "post",
  comment: "cmt",
  user: "usr",
  company: "cmp",
  apiKey: "key",
  audit: "aud",
  event: "evt",
  request: "req",
  changelog: "chg",
  webhookEndpoint: "whep",
  webhookDelivery: "whd",
  webhookAttempt: "wha",
  trackedEvent: "trk",
  notificationEvent: "nev",
  notification: "ntf",
  notificationMail: "nml",
  memberMail: "mml",
  bulkJob: "bulk",
  export: "exp",
  import: "imp",
  upload: "upl",
  integration: "intg",
  issueLink: "iss",
  integrationDelivery: "ind",
  integrationLog: "inl",
} as const;

export type IdKind = keyof typeof ID_PREFIXES;
export type IdPrefix = (typeof ID_PREFIXES)[IdKind];

/** The pattern of an id with one of these prefixes, as the OpenAPI document states it and the schemas check it. */
export const idPattern: (...prefixes: IdPrefix[]) => string = sharedIdPattern;

const ID_REGEXPS = new Map<IdKind, RegExp>();

/** Whether `value` could be an id of this kind (its pattern): checked before a query on an address anyone can type. */
export function isId(kind: IdKind, value: string): boolean {
  let pattern = ID_REGEXPS.get(kind);
  if (!pattern) {
    pattern = new RegExp(idPattern(ID_PREFIXES[kind]));
    ID_REGEXPS.set(kind, pattern);
  }
  return pattern.test(value);
}

let lastTime = -1;
let lastRandom = 0n;

function encode(value: bigint, length: number): string {
  let out = "";
  for (let i = 0; i < length; i++) {
    out = ALPHABET[Number(value & 31n)] + out;
    value >>= 5n;
  }
  return out;
}

// Random bytes come from a pool refilled 8 KiB at a time: one syscall per 800 ids, not one each.
let pool = Buffer.alloc(0);
let poolOffset = 0;

function random80(): bigint {
  if (poolOffset + 10 > pool.length) {
    pool = randomBytes(8192);
    poolOffset = 0;
  }
  const hex = pool.toString("hex", poolOffset, poolOffset + 10);
  poolOffset += 10;
  return BigInt(`0x${hex}`);
}

/**
 * A new id of the given kind. Ids made in the same millisecond by this process stay in order
 * (the random part is incremented), so "newest" lists are stable under bursts of inserts.
 * `atMs` backdates an id, for seeding historical data.
 */
export function newId(kind: IdKind, atMs?: number): string {
  let time = atMs ?? Date.now();
  let rand: bigint;
  if (atMs === undefined) {
    if (time <= lastTime) {
      time = lastTime;
      rand = lastRandom + 1n;
    } else {
      rand = random80();
    }
    lastTime = time;
    lastRandom = rand;
  } else {
    rand = random80();
  }
  return `${ID_PREFIXES[kind]}_${encode(BigInt(time), 10)}${encode(rand & ((1n << 80n) - 1n), 16)}`;
}
