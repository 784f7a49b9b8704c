// The resolve hook of record-loaded-modules.mjs; it runs on Node's hooks thread, so it writes each
// resolved URL straight to the file rather than to a list the main thread could read at exit.
import { appendFileSync } from 'node:fs';

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  appendFileSync(process.env.WAYBILL_LOADED_LOG ?? '', `${resolved.url}\n`);
  return resolved;
}
