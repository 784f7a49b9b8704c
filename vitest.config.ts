import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    setupFiles: ['./src/testing/fail-on-console.ts'],
    // The server reads the console's bundle from dist/console/assets; built from the sources first.
    globalSetup: ['./scripts/build-console.mjs'],
    // End-to-end tests spawn the CLI several times each; two workers on two cores slow each one down.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
