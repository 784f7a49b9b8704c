// Bytes this process has handed to write() so far (Linux /proc/self/io `wchar`): SQLite's WAL and
// database writes during a run, whether or not the kernel has flushed them yet. Null elsewhere.
import { readFileSync } from 'node:fs';

export function bytesWritten() {
  try {
    const match = /^wchar:\s*(\d+)$/m.exec(readFileSync('/proc/self/io', 'utf8'));
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}
