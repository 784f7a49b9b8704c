// A temporary folder for the benchmark's SQLite files, removed when the figure is done.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function tempDir(prefix = 'waybill-bench-') {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  let n = 0;
  return {
    dir,
    /** A fresh database file name in the folder (the file itself is created by whoever opens it). */
    newDb: (name = 'db') => join(dir, `${name}-${(n += 1)}.db`),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
