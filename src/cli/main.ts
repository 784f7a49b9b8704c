#!/usr/bin/env node
import { createProgram } from './program.js';
import { reportFatal } from './report-fatal.js';

createProgram()
  .parseAsync(process.argv)
  .catch((error: unknown) => {
    process.exitCode = reportFatal(error);
  });
