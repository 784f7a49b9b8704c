/** A clock frozen at one instant, so written timestamps are reproducible. */
export function fixedClock(iso = '2026-11-30T12:00:00.000Z'): () => Date {
  const instant = new Date(iso);
  return () => new Date(instant);
}
