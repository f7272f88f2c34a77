import { safeEqual } from "./secret-keys.js";

// `<base64url JSON>.<MAC>`: the shape of cursors and end-user tokens. The JSON is readable by whoever
// holds the string; the MAC (computed by the caller's keyed function) makes it tamper-evident.

export type Mac = (payload: string) => string;

export function signPayload(value: unknown, mac: Mac): string {
  const payload = Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${payload}.${mac(payload)}`;
}

/** The value signed into `signed`, or undefined when it is malformed or its MAC does not match. */
export function openPayload(signed: string, mac: Mac): unknown {
  const [payload, signature, ...rest] = signed.split(".");
  if (!payload || !signature || rest.length > 0 || !safeEqual(mac(payload), signature)) return undefined;
  try {
    return JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    return undefined;
  }
}
