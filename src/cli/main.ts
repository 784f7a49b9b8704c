#!/usr/bin/env node
import { setMaxListeners } from 'node:events';
import { loadDotEnv } from '../models/config/load-dot-env.js';
import { createProgram } from './program.js';
import { reportFatal } from './report-fatal.js';

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
