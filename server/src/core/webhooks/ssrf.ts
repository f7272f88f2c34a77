import { isIP } from "node:net";
import { HeedError } from "../errors.js";

// Webhook targets are URLs our users type; without a guard they could make Heed call its own
// network (databases, cloud metadata). Private, loopback, link-local and metadata addresses are
// refused when an endpoint is saved and again at delivery time, in the connection's own DNS
// lookup (send.ts), so a name that later resolves to a private address (DNS rebinding) is
// refused too. WEBHOOKS_ALLOW_PRIVATE=1
// lifts the guard for self-hosting next to the receiver, and for tests.

function ipv4Blocked(ip: string): boolean {
  const [a, b] = ip.split(".").map(Number) as [number, number, number, number];
  return (
    a === 0 || a === 10 || a === 127 || (a === 100 && b >= 64 && b <= 127) || (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 198 && (b === 18 || b === 19)) || a >= 224
  );
}

export function isBlockedAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, "").toLowerCase();
  if (isIP(ip) === 4) return ipv4Blocked(ip);
  if (isIP(ip) === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(ip);
    if (mapped) return ipv4Blocked(mapped[1]!);
    return ip === "::" || ip === "::1" || ip.startsWith("fc") || ip.startsWith("fd") || ip.startsWith("fe8") || ip.startsWith("fe9") || ip.startsWith("fea") || ip.startsWith("feb") || ip.startsWith("ff");
  }
  return false;
}

/** When an endpoint is saved: a well-formed https URL whose host is not a private address. */
export function checkWebhookUrl(raw: string, allowPrivate: boolean): string {
  const refuse = (detail: string) => new HeedError("validation_failed", `The webhook URL is refused: ${detail}`, { errors: [{ pointer: "/url", detail }] });
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refuse("not a URL.");
  }
  if (url.protocol !== "https:" && !(url.protocol === "http:" && allowPrivate)) throw refuse("use https.");
  if (url.username || url.password) throw refuse("credentials in the URL are not allowed; use the signature to authenticate.");
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (!allowPrivate && (host === "localhost" || host.endsWith(".localhost") || host.endsWith(".internal") || isBlockedAddress(host))) {
    throw refuse("private, loopback and link-local addresses are not reachable targets.");
  }
  return url.toString();
}
