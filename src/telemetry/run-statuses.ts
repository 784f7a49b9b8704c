/** The run statuses of the `--json` contract; a plain list so the CLI's help can name them without zod. */
export const RUN_STATUSES = ['finished', 'awaiting_approval', 'stopped'] as const;
