/** Tracking numbers are `TTN-` and six digits; stock-keeping units are `SKU-` and four digits. */
const TRACKING_ID_PATTERN = /^TTN-\d{6}$/;
const SKU_PATTERN = /^SKU-\d{4}$/;

/** Upper-cases and trims, so `ttn-000001` and ` TTN-000001 ` both become `TTN-000001`; undefined if the result is not a tracking id. */
export function normaliseTrackingId(input: string): string | undefined {
  const candidate = input.trim().toUpperCase();
  return TRACKING_ID_PATTERN.test(candidate) ? candidate : undefined;
}

/** Same normalisation as tracking ids, for SKUs. */
export function normaliseSku(input: string): string | undefined {
  const candidate = input.trim().toUpperCase();
  return SKU_PATTERN.test(candidate) ? candidate : undefined;
}
