const UNIT_MS = { d: 86_400_000, h: 3_600_000, m: 60_000, s: 1000 } as const;

/**
 * Milliseconds in a duration written as a positive whole number and one unit: `30d`, `12h`, `45m`,
 * `90s` (as in `waybill prune --older-than 30d`). Throws RangeError naming the allowed forms otherwise.
 */
export function parseDuration(text: string): number {
  const match = /^([1-9][0-9]*)([dhms])$/.exec(text);
  const amount = match?.[1];
  const unit = match?.[2] as keyof typeof UNIT_MS | undefined;
  const ms = amount !== undefined && unit !== undefined ? Number(amount) * UNIT_MS[unit] : Number.NaN;
  if (!Number.isSafeInteger(ms)) {
    throw new RangeError(`invalid duration "${text}": use a positive whole number followed by d, h, m or s (e.g. 30d, 12h, 45m, 90s)`);
  }
  return ms;
}
