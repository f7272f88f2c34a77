import type { components } from "./schema.js";

/** Every error Heed answers: RFC 9457 problem+json with a stable `code`. */
export type Problem = components["schemas"]["Problem"];

/** Thrown by the helpers (paginate) when Heed refuses a request; the typed client returns `error` instead. */
export class HeedApiError extends Error {
  readonly status: number;
  /** The problem body, when the answer had one. */
  readonly problem: Problem | undefined;

  constructor(response: Response, problem: unknown) {
    const body = isProblem(problem) ? problem : undefined;
    super(body ? `${response.status} ${body.code}: ${body.detail}` : `Heed answered ${response.status}`);
    this.name = "HeedApiError";
    this.status = response.status;
    this.problem = body;
  }
}

function isProblem(value: unknown): value is Problem {
  return typeof value === "object" && value !== null && "code" in value && "status" in value;
}
