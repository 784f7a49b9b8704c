import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The layers of DESIGN.md §3, checked on the sources (tests excluded): no import cycles, the kernel
// imports no adapter, adapters import the kernel and never each other, nothing imports the entry points,
// the database toolkit (storage) sits under every store, and nothing the build ships imports a test helper.
const SRC = dirname(fileURLToPath(import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

// Static and dynamic imports of relative modules (`./x.js` is `./x.ts` on disk); type-only imports count too.
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found = [...text.matchAll(/(?:from\s+|import\s*\(\s*)'(\.{1,2}\/[^']+)'/g)].map((m) => m[1] ?? '');
  return found.map((spec) => resolve(dirname(file), spec.replace(/\.js$/, '.ts')));
}

const files = sources(SRC);
const graph = new Map(files.map((file) => [file, importsOf(file).filter((target) => files.includes(target))]));
const rel = (file: string) => relative(SRC, file);
const folderOf = (file: string) => rel(file).split('/').slice(0, rel(file).startsWith('runtimes/') ? 2 : 1).join('/');

/** Strongly connected groups of more than one file (Tarjan), as relative paths. */
function cycles(): string[][] {
  let index = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    order.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!order.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node) ?? 0, order.get(next) ?? 0));
    }
    if (low.get(node) === order.get(node)) {
      const group: string[] = [];
      for (let member = stack.pop(); member !== undefined; member = member === node ? undefined : stack.pop()) {
        onStack.delete(member);
        group.push(rel(member));
        if (member === node) break;
      }
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const file of files) if (!order.has(file)) visit(file);
  return found;
}

/** Every import from one folder into another, as `from -> to` (runtimes/<x> counted as its own folder). */
const crossings = () =>
  [...graph].flatMap(([file, targets]) => targets.filter((target) => folderOf(target) !== folderOf(file)).map((target) => `${folderOf(file)} -> ${folderOf(target)}`));

describe('the import graph of src/', () => {
  it('has no cycles', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(cycles()).toEqual([]);
  });

  it('keeps the kernel framework-free and the runtime adapters apart: each imports the kernel, never another adapter', () => {
    const adapters = ['runtimes/langgraph', 'runtimes/openai-agents', 'runtimes/adk'];
    const edges = new Set(crossings());
    for (const adapter of adapters) {
      expect(edges.has(`${adapter} -> runtimes/core`)).toBe(true);
      for (const other of adapters) if (other !== adapter) expect(edges.has(`${adapter} -> ${other}`)).toBe(false);
      expect(edges.has(`runtimes/core -> ${adapter}`)).toBe(false);
    }
    const frameworks = /from '(@langchain|langchain|@openai\/agents|@google\/adk)/;
    expect(files.filter((file) => rel(file).startsWith('runtimes/core/') && frameworks.test(readFileSync(file, 'utf8'))).map(rel)).toEqual([]);
  });

  it('lets nothing but an entry point import the entry points (cli, server, console), and no lower layer import the runtimes, the queue or evals', () => {
    const entries = ['cli', 'server', 'console'];
    const lower = ['storage', 'domain', 'mcp', 'policy', 'models', 'agents', 'fleet', 'knowledge', 'telemetry'];
    const bad = crossings().filter((edge) => {
      const [from = '', to = ''] = edge.split(' -> ');
      if (entries.includes(to)) return !entries.includes(from);
      if (to === 'queue') return !entries.includes(from) && from !== 'evals';
      return lower.includes(from) && (to.startsWith('runtimes') || to === 'evals');
    });
    expect([...new Set(bad)]).toEqual([]);
  });

  it('keeps the database toolkit at the bottom: storage imports no other folder, domain imports only storage', () => {
    const folders = new Set(files.map(folderOf));
    expect(folders.has('storage')).toBe(true);
    const edges = new Set(crossings());
    expect([...edges].filter((edge) => edge.startsWith('storage -> '))).toEqual([]);
    expect([...edges].filter((edge) => edge.startsWith('domain -> ') && edge !== 'domain -> storage')).toEqual([]);
    expect(edges.has('domain -> storage')).toBe(true);
  });

  it('ships no test helper: no file the build compiles imports one tsconfig.build.json leaves out', () => {
    const excluded = (JSON.parse(readFileSync(join(SRC, '..', 'tsconfig.build.json'), 'utf8')) as { exclude: string[] }).exclude.map(globToRegExp);
    const testOnly = (file: string) => excluded.some((pattern) => pattern.test(`src/${rel(file)}`));
    expect(testOnly(join(SRC, 'testing', 'store-conformance.ts'))).toBe(true);
    const shippedImportsOfTestOnly = [...graph].flatMap(([file, targets]) => (testOnly(file) ? [] : targets.filter(testOnly).map((target) => `${rel(file)} -> ${rel(target)}`)));
    expect(shippedImportsOfTestOnly).toEqual([]);
    const shippedVitest = files.filter((file) => !testOnly(file) && /from 'vitest'/.test(readFileSync(file, 'utf8'))).map(rel);
    expect(shippedVitest).toEqual([]);
  });
});

// The globs tsconfig.build.json uses (`**/`, `**`, `*`) as regular expressions over paths from the project root.
function globToRegExp(glob: string): RegExp {
  const escaped = glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped.replace(/\*\*\/|\*\*|\*/g, (wild) => (wild === '**/' ? '(?:.*/)?' : wild === '**' ? '.*' : '[^/]*'))}$`);
}
