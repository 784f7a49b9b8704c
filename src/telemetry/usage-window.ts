/** A range of whole UTC days, `since` to `until` inclusive (YYYY-MM-DD), optionally of one tenant. */
export interface UsageWindow {
  tenant?: string | undefined;
  since: string;
  until: string;
}

/** Run records started on one UTC day, per tenant and stop reason, with what they spent. */
export interface RunDayCount {
  tenant: string;
  day: string;
  stop_reason: string;
  runs: number;
  prompt_tokens: number;
  completion_tokens: number;
  usd: number;
}

/** The first instant after `window.until`, so a day's last run (23:59:59.999) is inside. */
export function windowBounds(window: UsageWindow): { from: string; to: string } {
  const to = new Date(`${window.until}T00:00:00.000Z`);
  to.setUTCDate(to.getUTCDate() + 1);
  return { from: `${window.since}T00:00:00.000Z`, to: to.toISOString() };
}
