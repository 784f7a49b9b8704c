/**
 * The run statuses of the `--json` contract: `finished`, paused `awaiting_approval`, a pause a human has
 * `decided` (its resumed run is a new record), or `stopped` for any other stop reason. A plain list so the
 * CLI's help can name them without zod.
 */
export const RUN_STATUSES = ['finished', 'awaiting_approval', 'decided', 'stopped'] as const;
