import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeDirectory } from '../storage/make-directory.js';

/**
 * Writes `<name>.json` and `<name>.html` into `dir`, first keeping the current JSON as
 * `<name>.previous.json` so the next run can show before and after. Returns the paths and the previous
 * report's data (undefined on the first run or when it is not valid JSON).
 */
export function writeEvalReports(dir: string, name: string, report: unknown, html: (previous: unknown) => string): { json: string; html: string; previous?: unknown } {
  makeDirectory(dir);
  const json = join(dir, `${name}.json`);
  const page = join(dir, `${name}.html`);
  let previous: unknown;
  if (existsSync(json)) {
    copyFileSync(json, join(dir, `${name}.previous.json`));
    try {
      previous = JSON.parse(readFileSync(json, 'utf8'));
    } catch {
      previous = undefined;
    }
  }
  writeFileSync(json, `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(page, html(previous));
  return { json, html: page, ...(previous !== undefined && { previous }) };
}
