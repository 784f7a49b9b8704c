import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../src/testing/temp-dir.js';
import { CLI, serverEnv } from './helpers.js';

// Every `npx waybill …` example of the README, run in the README's order through the built CLI on the
// offline planner, checked against what the README says it does. An example added to the README
// without an expectation here fails the test, so the README cannot drift from what the CLI does.

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

/** The arguments of each `npx waybill` line in the README's shell blocks (environment prefix and trailing comment dropped). */
function readmeExamples(markdown: string): string[][] {
  const blocks = [...markdown.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1] ?? '');
  const lines = blocks.flatMap((block) => block.split('\n')).map((line) => line.trim());
  return lines.filter((line) => /^(?:[A-Z_]+=\S+\s+)*npx waybill /.test(line)).map((line) => shellWords(line.replace(/^(?:[A-Z_]+=\S+\s+)*npx waybill /, '')));
}

// Splits a command line as a POSIX shell would for these examples: '…' and "…" quoting, `#` starting a comment.
function shellWords(line: string): string[] {
  const words: string[] = [];
  for (const m of line.matchAll(/'([^']*)'|"([^"]*)"|(#.*$)|(\S+)/g)) {
    if (m[3] !== undefined) break;
    words.push(m[1] ?? m[2] ?? m[4] ?? '');
  }
  return words;
}

interface Outcome {
  status: number | null;
  stdout: string;
  stderr: string;
}

type Check = { run: false; why: string } | { run: true; check: (outcome: Outcome) => void };

const json = (outcome: Outcome) => JSON.parse(outcome.stdout) as Record<string, unknown>;

// What the README says of each example (in its comment or in the prose beside it).
const EXPECTED: Readonly<Record<string, Check>> = {
  demo: { run: false, why: 'test/e2e/demo-cli.test.ts runs the demo and checks its screen and files' },
  'ask Де зараз посилка TTN-000001?': {
    run: true,
    check: (o) => {
      expect(o.status).toBe(0);
      expect(o.stdout).toMatch(/^Посилка TTN-000001 \(Київ → Львів\): в дорозі\./);
    },
  },
  'ask Статус TTN-000001 і залишок SKU-1001 --json': {
    run: true,
    check: (o) => {
      expect(o.status).toBe(0);
      const record = json(o);
      expect(record).toMatchObject({ status: 'finished', stop_reason: 'finish' });
      expect(record.answer).toMatch(/TTN-000001[^\n]*в дорозі/);
      expect(record.answer).toMatch(/SKU-1001[^\n]*78 шт/);
    },
  },
  'ask --thread h1 Скасуй TTN-000004, клієнт відмовився, поверни 720 грн': {
    run: true,
    check: (o) => {
      expect(o.status).toBe(3);
      expect(o.stdout.trim()).toBe('Скасування TTN-000004 з поверненням 720 грн очікує підтвердження оператора.');
    },
  },
  'state --thread h1 --json': {
    run: true,
    check: (o) => expect(json(o)).toMatchObject({ thread_id: 'h1', status: 'awaiting_approval', pending: { tool: 'cancel_shipment', args: { tracking_id: 'TTN-000004', refund_uah: 720 } } }),
  },
  'approve --thread h1 --edit {"tracking_id":"TTN-000004","reason":"refused","refund_uah":500}': {
    run: true,
    check: (o) => {
      expect(o.status).toBe(0);
      expect(o.stdout).toMatch(/TTN-000004 скасовано: CNL-\d+, повернення 500 грн/);
    },
  },
  'ask --thread h2 Скасуй TTN-000014, поверни 100 грн': { run: true, check: (o) => expect(o.status).toBe(3) },
  'reject --thread h2 --reason too early': {
    run: true,
    check: (o) => {
      expect(o.status).toBe(0);
      expect(o.stdout.trim()).toBe('Оператор відхилив скасування TTN-000014 з поверненням 100 грн; причина: too early. Нічого не змінено.');
    },
  },
  'trace --thread h1': {
    run: true,
    check: (o) => {
      expect(o.status).toBe(0);
      expect(o.stdout).toMatch(/^run run-\S+ \(finished: finish\) thread h1/);
      expect(o.stdout).toMatch(/└─ tracking_agent d1 .*cancel_shipment\(ok/);
    },
  },
  'resume --all': { run: true, check: (o) => expect(o.status).toBe(0) },
  'mcp --selfcheck': { run: true, check: (o) => expect(o.status).toBe(0) },
  'keys create --tenant default --role admin': {
    run: true,
    check: (o) => {
      expect(o.status).toBe(0);
      expect(o.stdout).toMatch(/\S{20,}/);
    },
  },
  serve: { run: false, why: 'a long-running server: test/e2e/service-cli.test.ts starts it and uses it' },
  worker: { run: false, why: 'needs PostgreSQL: test/e2e/worker-cli.test.ts runs it when WAYBILL_TEST_PG_URL is set' },
  'audit anchor --file ../audit-anchors.jsonl': {
    run: true,
    check: (o) => {
      expect(o.status).toBe(0);
      expect(readFileSync(join(temp.dir, 'audit-anchors.jsonl'), 'utf8').trim().split('\n')).toHaveLength(1);
    },
  },
  'audit verify --anchor ../audit-anchors.jsonl': {
    run: true,
    check: (o) => {
      expect(o.status, o.stdout).toBe(0);
      expect(o.stdout).toMatch(/^audit chain intact: .*\n {2}1 anchor checked/);
    },
  },
};

// The prose's claims about the offline planner: "answers tracking, stock, pricing, cancellation and
// policy questions, in Ukrainian, English and Russian; anything it does not understand ends
// `not_understood` with what it did recognise and examples of what can be asked", and the quick
// start's "8 kg Odesa to Kharkiv express is 611 UAH".
const CLAIMS: ReadonlyArray<{ input: string; check: (record: Record<string, unknown>) => void }> = [
  { input: 'How much is 8 kg from Odesa to Kharkiv express?', check: (r) => expect(r).toMatchObject({ stop_reason: 'finish', answer: expect.stringMatching(/611 UAH/) }) },
  { input: 'Скільки ноутбуків SKU-1001 на складах?', check: (r) => expect(r).toMatchObject({ stop_reason: 'finish', answer: expect.stringMatching(/78 шт/) }) },
  { input: 'Где сейчас посылка TTN-000001?', check: (r) => expect(r).toMatchObject({ stop_reason: 'finish', answer: expect.stringMatching(/TTN-000001[^\n]*в пути/) }) },
  { input: 'What is the weight limit for overnight delivery?', check: (r) => expect(r).toMatchObject({ stop_reason: 'finish', answer: expect.stringMatching(/10 kg/) }) },
  {
    input: 'Напиши вірш про море',
    check: (r) => {
      expect(r).toMatchObject({ status: 'stopped', stop_reason: 'not_understood' });
      expect(r.answer).toMatch(/TTN-000001/);
      expect(r.answer).not.toMatch(/пізніше|недоступн/);
    },
  },
];

const temp = makeTempDir();
afterAll(() => temp.cleanup());
const env = serverEnv(join(temp.dir, 'readme.db'));
// The README's commands run in a clone: `../` is the folder beside it, here the temporary folder.
const clone = join(temp.dir, 'clone');
mkdirSync(clone);
const waybill = (args: readonly string[]): Outcome => spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', timeout: 120_000, env, cwd: clone });

describe('the README’s examples, through the CLI on the offline planner', () => {
  const examples = readmeExamples(README);

  it('finds the README’s examples, and knows what each should do', () => {
    expect(examples.length).toBeGreaterThanOrEqual(12);
    for (const args of examples) expect(EXPECTED[args.join(' ')], `README example "npx waybill ${args.join(' ')}" has no expectation in this test`).toBeDefined();
  });

  it('answers each as the README says, in the README’s order', () => {
    for (const args of examples) {
      const expected = EXPECTED[args.join(' ')];
      if (!expected?.run) continue;
      const outcome = waybill(args);
      try {
        expected.check(outcome);
      } catch (error) {
        throw new Error(`npx waybill ${args.join(' ')}\nexit ${String(outcome.status)}\n${outcome.stdout}\n${outcome.stderr}\n${String(error)}`, { cause: error });
      }
    }
  }, 600_000);

  it.each(CLAIMS)('does what the README says the offline planner does: $input', ({ input, check }) => {
    const outcome = waybill(['ask', input, '--json']);
    check(JSON.parse(outcome.stdout) as Record<string, unknown>);
  }, 120_000);
});
