import type { MiddlewareHandler } from "hono";
import { HeedError } from "../platform/errors.js";
import type { AppEnv } from "./env.js";

// JSON travels as UTF-8 (RFC 8259, section 8.1), and every body is read as UTF-8. A body sent as
// `application/json; charset=utf-16` would be read as something its sender did not write (a
// UTF-16 body decodes to junk, or to other text that happens to validate), so another charset is
// refused as the media type it is, before the body is read.

const UTF8 = new Set(["utf-8", "utf8"]);

/** The `charset` parameter of a Content-Type, lowercased and unquoted, if it has one. */
function charsetOf(contentType: string): string | undefined {
  for (const parameter of contentType.split(";").slice(1)) {
    const [name, ...value] = parameter.split("=");
    if (name?.trim().toLowerCase() === "charset")
      return value
        .join("=")
        .trim()
        .replace(/^"(.*)"$/, "$1")
        .toLowerCase();
  }
  return undefined;
}

/** Route middleware of every operation that takes a JSON body. */
export const utf8JsonOnly: MiddlewareHandler<AppEnv> = (c, next) => {
  const charset = charsetOf(c.req.header("content-type") ?? "");
  if (charset !== undefined && !UTF8.has(charset)) {
    throw new HeedError(
      "unsupported_media_type",
      `The body is read as UTF-8 JSON: send it as UTF-8, with no charset or \`charset=utf-8\` (got \`${charset.slice(0, 40)}\`).`,
    );
  }
  return next();
};
