// @ts-check
/**
 * Bundles the CLI (issue 36): tsc's dist/cli/main.js and everything it imports, Waybill's modules and
 * its dependencies', into dist/bin/waybill.js (the package's `bin`) and the chunks its commands import
 * when they run. Node 20 spends most of an offline `ask`'s start-up resolving, reading and linking
 * about 1,300 separate modules; as a few dozen chunks the same code starts in about half the CPU.
 * Run by `npm run build` after tsc, which it reads: Waybill's code is bundled as tsc compiled it.
 */
import { chmod, readFile, writeFile } from 'node:fs/promises';
import { dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT_DIR = fileURLToPath(new URL('../dist/bin/', import.meta.url));

/**
 * A module that finds files beside itself (`new URL('../../knowledge/', import.meta.url)`, a
 * package's createRequire) must still see its own location once it lives in a chunk: every
 * `import.meta.url` becomes the URL of the file it was written in, relative to the chunk. Chunks sit
 * flat in dist/bin/, so one relative path holds for every chunk.
 */
const keepModuleUrls = {
  name: 'keep-module-urls',
  /** @param {import('esbuild').PluginBuild} plugin */
  setup(plugin) {
    plugin.onLoad({ filter: /\.(m|c)?js$/ }, async ({ path }) => {
      const text = await readFile(path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      const own = JSON.stringify(relative(OUT_DIR, path).split('\\').join('/'));
      return { contents: text.replaceAll('import.meta.url', `new URL(${own}, import.meta.url).href`), loader: 'js', resolveDir: dirname(path) };
    });
  },
};

const result = await build({
  absWorkingDir: ROOT,
  entryPoints: { waybill: 'dist/cli/main.js' },
  outdir: OUT_DIR,
  bundle: true,
  // Each command's `await import(...)` stays a chunk of its own, so `--version` and `--help` load
  // commander and the command definitions only (test/e2e/cli-startup-imports.test.ts).
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // better-sqlite3 loads a native addon by its own path; pg-native is pg's optional native client.
  external: ['better-sqlite3', 'pg-native'],
  // CommonJS packages call require() for Node's modules and each other; an ES module has none.
  banner: { js: "import { createRequire as __waybillCreateRequire } from 'node:module';\nconst require = __waybillCreateRequire(import.meta.url);" },
  // Stack traces map back to src/*.ts through tsc's maps (read by esbuild): `WAYBILL_DEBUG=1` turns
  // them on for a run (src/cli/main.ts), `node --enable-source-maps` for any.
  sourcemap: 'linked',
  sourcesContent: false,
  metafile: true,
  charset: 'utf8',
  logLevel: 'warning',
  plugins: [keepModuleUrls],
});

// Which modules each chunk holds, for the test that asserts what a command loads: the recorder sees
// chunks, this names what is in them.
/** @type {Record<string, string[]>} */
const inputs = {};
for (const [file, output] of Object.entries(result.metafile.outputs)) {
  if (file.endsWith('.js')) inputs[relative('dist/bin', file)] = Object.keys(output.inputs);
}
await writeFile(new URL('../dist/bin/chunk-inputs.json', import.meta.url), `${JSON.stringify(inputs)}\n`);
await chmod(new URL('../dist/bin/waybill.js', import.meta.url), 0o755);
