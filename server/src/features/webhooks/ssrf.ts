import { BlockList, isIP } from "node:net";
import { type FieldErrorCode, HeedError } from "../../platform/errors.js";

// Webhook targets are URLs our users type; without a guard they could make Heed call its own
// network (databases, cloud metadata). Private, loopback, link-local and metadata addresses are
// refused when an endpoint is saved and again at delivery time, in the connection's own DNS
// lookup (send.ts), so a name that later resolves to a private address (DNS rebinding) is
// refused too. WEBHOOKS_ALLOW_PRIVATE=1
// lifts the guard for self-hosting next to the receiver, and for tests.

// One list for both families. BlockList checks an IPv4-mapped IPv6 address (`::ffff:7f00:1`, as the
// URL parser writes `[::ffff:127.0.0.1]`) against the IPv4 rules, so no spelling slips through.
const BLOCKED = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 3],
] as const)
  BLOCKED.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of [
  // IPv4-compatible (and :: and ::1), NAT64 (which reaches IPv4 through a local gateway), unique
  // local, link-local, multicast.
  ["::", 96],
  ["64:ff9b::", 96],
  ["64:ff9b:1::", 48],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const)
  BLOCKED.addSubnet(network, prefix, "ipv6");

export function isBlockedAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, "").toLowerCase();
  const family = isIP(ip);
  return family !== 0 && BLOCKED.check(ip, family === 4 ? "ipv4" : "ipv6");
}

/** When an endpoint is saved: a well-formed https URL whose host is not a private address. */
export function checkWebhookUrl(raw: string, allowPrivate: boolean): string {
  return checkOutboundUrl(raw, allowPrivate, { what: "The webhook URL", pointer: "/url", useSignature: true });
}

/**
 * Any URL a user types that Heed will call (a webhook target, a workspace's OpenID Connect
 * issuer): https, no credentials, and not a private address unless the server allows them.
 */
export function checkOutboundUrl(raw: string, allowPrivate: boolean, field: { what: string; pointer: string; useSignature?: boolean }): string {
  const refuse = (detail: string, code: FieldErrorCode) =>
    new HeedError("validation_failed", `${field.what} is refused: ${detail}`, { errors: [{ pointer: field.pointer, code, detail }] });
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refuse("not a URL.", "invalid_format");
  }
  if (url.protocol !== "https:" && !(url.protocol === "http:" && allowPrivate))
    throw refuse("use an https address (http is taken only when the server runs with WEBHOOKS_ALLOW_PRIVATE=1, for targets beside it).", "insecure_url");
  if (url.username || url.password)
    throw refuse(`credentials in the URL are not allowed${field.useSignature ? "; use the signature to authenticate" : ""}.`, "invalid");
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (!allowPrivate && (host === "localhost" || host.endsWith(".localhost") || host.endsWith(".internal") || isBlockedAddress(host))) {
    throw refuse("private, loopback and link-local addresses are not reachable targets.", "private_address");
  }
  return url.toString();
}
