export interface Decision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Milliseconds until the bucket's window starts again. */
  resetMs: number;
}
