#!/usr/bin/env node
import { setMaxListeners } from 'node:events';
import { loadDotEnv } from '../models/config/load-dot-env.js';
import { createProgram } from './program.js';
import { reportFatal } from './report-fatal.js';

// Every parallel delegation adds an abort listener to the supervisor graph's signal until its step
// ends; a fan-out of a few workers passes Node's leak-warning threshold of 10 with nothing leaking.
setMaxListeners(64);

// Before anything reads the environment: a .env file in the working directory configures the model.
loadDotEnv();

createProgram()
  .parseAsync(process.argv)
  .catch((error: unknown) => {
    process.exitCode = reportFatal(error);
  });
