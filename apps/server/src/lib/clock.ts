/** Current time as the ISO-8601 UTC string every timestamp column stores. */
export function nowIso(): string {
  return new Date().toISOString();
}

/** An ISO time `ms` milliseconds from now (negative for the past). */
export function isoFromNow(ms: number): string {
  return new Date(Date.now() + ms).toISOString();
}
