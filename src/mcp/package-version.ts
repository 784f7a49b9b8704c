import { readFileSync } from 'node:fs';

/** The package version, read once from package.json (two folders up from both src/mcp and dist/mcp). */
export const PACKAGE_VERSION: string = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
