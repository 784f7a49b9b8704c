/** An ISO instant as `YYYY-MM-DD HH:MM:SS` (UTC, as stored); '' for none. */
export const fmtTime = (iso: string | null | undefined): string => (iso ? String(iso).replace('T', ' ').slice(0, 19) : '');

/** Dollars to six decimals: a run's cost is often a fraction of a cent. */
export const fmtUsd = (n: number | null | undefined): string => `$${Number(n || 0).toFixed(6)}`;

/** Milliseconds, as seconds from one second up. */
export const fmtMs = (ms: number): string => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`);
