import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";

// Passwords are hashed with scrypt (node:crypto, memory-hard): N=2^15, r=8, p=1 takes 32 MiB and
// about 50–100 ms here, so a stolen table is slow to attack and a sign-in stays quick. The
// parameters travel with each hash, so they can be raised later without breaking stored ones.

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number, options: object) => Promise<Buffer>;

const PARAMS = { N: 2 ** 15, r: 8, p: 1 };
const KEY_LENGTH = 32;
// scrypt needs 128·N·r bytes; leave room above the default 32 MiB ceiling.
const MAX_MEMORY = 64 * 1024 * 1024;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password.normalize("NFKC"), salt, KEY_LENGTH, { ...PARAMS, maxmem: MAX_MEMORY });
  return `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

// Checked when the account is unknown or has no password, so that such a sign-in takes as long
// as a wrong password and the timing tells nothing about which emails exist.
const DECOY = hashPassword(randomBytes(16).toString("hex"));

/** Whether `password` matches `stored`, in constant time; a null `stored` costs the same and fails. */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const hash = stored ?? (await DECOY);
  const [scheme, n, r, p, salt, key] = hash.split("$");
  if (scheme !== "scrypt" || !salt || !key) return false;
  const expected = Buffer.from(key, "base64url");
  const actual = await scryptAsync(password.normalize("NFKC"), Buffer.from(salt, "base64url"), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: MAX_MEMORY,
  });
  return timingSafeEqual(actual, expected) && stored !== null;
}
