import { isOpaqueId } from '../policy/index.js';

/** What an X-Request-Id may hold (hono's own rule, shorter): word characters, `-` and `=`. */
const REQUEST_ID = /^[\w=-]{1,128}$/;

/** The caller's request id if it is one Waybill may store: well-formed and holding no personal data. */
export function opaqueRequestId(given: string | undefined): string | undefined {
  return given !== undefined && REQUEST_ID.test(given) && isOpaqueId(given) ? given : undefined;
}
