import { mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/**
 * Creates the directory `path` and any missing parents, like `mkdirSync(path, { recursive: true })`,
 * and throws the first failing `mkdir`'s own error (ENOENT, EACCES, ENOTDIR, EEXIST for a file or a
 * dangling symlink in the way).
 *
 * Node's recursive mkdir must not be used here: where a parent exists but refuses children with ENOENT
 * (anything under /proc), it creates the parent, retries the child, and spins at full CPU forever
 * without returning. This walk makes each missing directory once, top down, so it ends after at most
 * as many `mkdir` calls as `path` has components.
 */
export function makeDirectory(path: string): void {
  const missing: string[] = [];
  for (let current = resolve(path); !statSync(current, { throwIfNoEntry: false }); current = dirname(current)) {
    missing.push(current);
    if (dirname(current) === current) break;
  }
  // A file already at `path`: mkdir reports it (EEXIST) as the recursive form does.
  if (missing.length === 0 && !statSync(path).isDirectory()) mkdirSync(path);
  for (const dir of missing.reverse()) {
    try {
      mkdirSync(dir);
    } catch (error) {
      // Another process made it between the look and the mkdir: that is the outcome asked for.
      if ((error as { code?: unknown }).code !== 'EEXIST' || !statSync(dir, { throwIfNoEntry: false })?.isDirectory()) throw error;
    }
  }
}
