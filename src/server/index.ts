export { openApiKeyStore } from './open-api-key-store.js';
export { serveWaybill } from './serve-waybill.js';
export type { RunningWaybill } from './serve-waybill.js';
