import { afterEach, beforeEach, vi } from 'vitest';

// Library code must not print: in stdio mode stdout is the protocol. Tests that exercise the CLI
// spawn it as a process, so anything printed in-process here is a bug.
const calls: string[] = [];

beforeEach(() => {
  calls.length = 0;
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      calls.push(`console.${method}: ${args.map(String).join(' ')}`);
    });
  }
});

afterEach(() => {
  vi.restoreAllMocks();
  if (calls.length > 0) throw new Error(`unexpected console output in library code:\n${calls.join('\n')}`);
});
