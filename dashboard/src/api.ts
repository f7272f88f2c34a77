import { createSessionClient, HeedApiError, type Schemas } from "@heed/client";
import { fieldWords } from "./ui/form/field-words.js";

// The one client of the dashboard: the session cookie, the CSRF token on writes, and the
// workspace the person is looking at. Whatever the dashboard does, an API key can do the same.

// Writes carry an Idempotency-Key (the client adds one), so a retried click never acts twice.
export const api = createSessionClient({ baseUrl: window.location.origin, maxRetries: 1 });

export type Session = Schemas["Session"];

/** The problem+json of a refused request, or a generic one when the network failed. */
export function problemOf(error: unknown): { detail: string; fields: Record<string, string>; code?: string } {
  if (error instanceof HeedApiError && error.problem) {
    const fields = Object.fromEntries((error.problem.errors ?? []).map((e) => [e.pointer.replace(/^\//, ""), fieldWords(e)]));
    return { detail: error.problem.detail, fields, code: error.problem.code };
  }
  return { detail: "Heed could not be reached. Check your connection and try again.", fields: {} };
}

/**
 * True when the refusal means there is no such object: a 404, or a 400 about the address's id alone
 * (a link cut short or mistyped, which names no object of any kind).
 */
export function isMissing(error: unknown): boolean {
  if (!(error instanceof HeedApiError)) return false;
  if (error.status === 404) return true;
  const errors = error.problem?.errors ?? [];
  return error.status === 400 && errors.length > 0 && errors.every((e) => e.pointer.startsWith("/path/"));
}

/** The answer's data, or the refusal thrown as a HeedApiError (what react-query expects). */
export function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.error !== undefined || result.data === undefined) throw new HeedApiError(result.response, result.error);
  return result.data;
}

/** For answers without a body (204): nothing on success, the refusal thrown as a HeedApiError. */
export function noContent(result: { error?: unknown; response: Response }): void {
  if (!result.response.ok) throw new HeedApiError(result.response, result.error);
}
