import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Non-blank lines of TypeScript that are not comments, in the non-test `.ts` files under `dir`: the
 * size of a runtime's assembly as a reader sees it. A line is a comment when it starts with `//`, `/*`,
 * `*` or `*\/` (Waybill puts no code after a comment opener). Undefined when `dir` does not exist.
 */
export function countCodeLines(dir: string, options: { only?: readonly string[] } = {}): number | undefined {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return undefined;
  }
  let total = 0;
  for (const entry of entries) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) {
      total += countCodeLines(path, options) ?? 0;
      continue;
    }
    if (!entry.endsWith('.ts') || entry.endsWith('.test.ts') || entry.endsWith('.d.ts')) continue;
    if (options.only && !options.only.includes(entry)) continue;
    total += codeLines(readFileSync(path, 'utf8'));
  }
  return total;
}

/** Code lines of one source text (see `countCodeLines`). */
export function codeLines(text: string): number {
  let inBlock = false;
  let count = 0;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (inBlock) {
      if (line.includes('*/')) inBlock = false;
      continue;
    }
    if (!line || line.startsWith('//')) continue;
    if (line.startsWith('/*')) {
      inBlock = !line.includes('*/');
      continue;
    }
    count += 1;
  }
  return count;
}
