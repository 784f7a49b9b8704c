#!/usr/bin/env node
import { loadDotEnv } from '../models/config/load-dot-env.js';
import { createProgram } from './program.js';
import { reportFatal } from './report-fatal.js';

// Before anything reads the environment: a .env file in the working directory configures the model.
loadDotEnv();

createProgram()
  .parseAsync(process.argv)
  .catch((error: unknown) => {
    process.exitCode = reportFatal(error);
  });
