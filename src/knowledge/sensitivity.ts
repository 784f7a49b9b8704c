/** How widely a document may be shown, from least to most protected. */
export const SENSITIVITIES = ['public', 'internal', 'restricted'] as const;

/** One of SENSITIVITIES. */
export type Sensitivity = (typeof SENSITIVITIES)[number];

/** True when a document at `level` may be shown to a reader cleared up to `max`. */
export function sensitivityAtMost(level: Sensitivity, max: Sensitivity): boolean {
  return SENSITIVITIES.indexOf(level) <= SENSITIVITIES.indexOf(max);
}
