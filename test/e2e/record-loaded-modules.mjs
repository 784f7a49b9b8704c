// Preloaded by cli-startup-imports.test.ts (`node --import`): writes every module the process loads,
// one URL or path a line, to the file WAYBILL_LOADED_LOG names. ES modules come from a resolve hook
// (Node keeps no list of them); CommonJS ones, which a CommonJS package may require without passing
// the hook, from require.cache when the process exits.
import { appendFileSync } from 'node:fs';
import { createRequire, register } from 'node:module';

const log = process.env.WAYBILL_LOADED_LOG;
if (!log) throw new Error('record-loaded-modules: set WAYBILL_LOADED_LOG to the file to write');
register('./record-loaded-modules-hooks.mjs', import.meta.url);
process.on('exit', () => {
  appendFileSync(log, Object.keys(createRequire(import.meta.url).cache).map((path) => `${path}\n`).join(''));
});
