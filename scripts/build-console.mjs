// @ts-check
/**
 * Builds the operator console: bundles src/console/browser/app.ts and its modules into one classic
 * script and copies the shell and stylesheet beside it, into dist/console/assets/ where the server
 * reads them (src/console/console-routes.ts). Run by `npm run build`, and by vitest before any test
 * (globalSetup), so tests on the sources serve the current browser code too.
 */
import { copyFile, mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const SOURCE = new URL('../src/console/browser/', import.meta.url);
const OUT = new URL('../dist/console/assets/', import.meta.url);

/** Writes dist/console/assets/{index.html,app.js,app.css}; also vitest's globalSetup hook. */
export async function setup() {
  await mkdir(OUT, { recursive: true });
  await build({
    entryPoints: [fileURLToPath(new URL('app.ts', SOURCE))],
    outfile: fileURLToPath(new URL('app.js', OUT)),
    bundle: true,
    // A classic script, as the shell loads it (`<script src defer>`); esbuild keeps it strict, as the
    // modules it comes from (the tsconfig's `strict`).
    format: 'iife',
    // The language level the hand-written script had (ES2019: async functions, Array#flat), so the
    // browsers it ran in still do; the browser tsconfig's `lib` holds the same line for APIs.
    target: 'es2019',
    // Served as UTF-8: the Ukrainian placeholder and the arrows stay readable in the bundle.
    charset: 'utf8',
    tsconfig: fileURLToPath(new URL('tsconfig.json', SOURCE)),
    logLevel: 'warning',
  });
  await Promise.all(['index.html', 'app.css'].map((name) => copyFile(new URL(name, SOURCE), new URL(name, OUT))));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await setup();
