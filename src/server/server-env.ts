import type { RequestIdVariables } from 'hono/request-id';
import type { Principal } from './api-key-store.js';

/** Hono variables every authenticated route can read: the request id and who is asking. */
export interface ServerEnv {
  Variables: RequestIdVariables & { principal: Principal };
}
