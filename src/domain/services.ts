/** Delivery services; each has its own tariff row in the store. */
export const SERVICES = ['standard', 'express', 'overnight'] as const;

export type Service = (typeof SERVICES)[number];

/** Accepts any case and surrounding spaces. */
export function normaliseService(input: string): Service | undefined {
  const candidate = input.trim().toLowerCase();
  return (SERVICES as readonly string[]).includes(candidate) ? (candidate as Service) : undefined;
}
