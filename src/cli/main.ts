#!/usr/bin/env node
import { setMaxListeners } from 'node:events';

// The CLI ships bundled (scripts/build-cli.mjs): with WAYBILL_DEBUG set, stack traces name src/*.ts
// lines through the bundle's source maps. Node reads a module's map when it loads the module, so this
// comes before the program and its commands are imported, and only when asked: the maps cost an
// offline `ask` about a quarter of a second.
if (process.env.WAYBILL_DEBUG) process.setSourceMapsEnabled(true);

const { loadDotEnv } = await import('../models/config/load-dot-env.js');
const { createProgram } = await import('./program.js');
const { reportFatal } = await import('./report-fatal.js');

// Parallel delegations add abort listeners to one shared signal until their step ends: LangGraph's are
// raised at the source (delegation-tool.ts); the OpenAI Agents SDK's fan-out still passes Node's
// leak-warning threshold of 10 with nothing leaking, so the CLI raises the default for the rest.
setMaxListeners(64);

// Before anything reads the environment: a .env file in the working directory configures the model.
loadDotEnv();

createProgram()
  .parseAsync(process.argv)
  .catch((error: unknown) => {
    process.exitCode = reportFatal(error);
  });
