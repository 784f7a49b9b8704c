import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../testing/index.js';
import { compareRedteam, parsePreviousRedteam } from './compare-redteam.js';
import { goldenHtml } from './golden-html.js';
import type { GoldenReport } from './golden-report.js';
import { redteamHtml } from './redteam-html.js';
import type { RedteamReport } from './redteam-report.js';
import { countOutcomes } from './redteam-report.js';
import type { AttackResult } from './run-attack.js';
import { writeEvalReports } from './write-eval-reports.js';

const temps: Array<() => void> = [];
afterEach(() => temps.splice(0).forEach((cleanup) => cleanup()));

const attack = (id: string, outcome: AttackResult['outcome']): AttackResult => ({
  id, family: 'direct_injection', carrier: 'user_input', language: 'en', goal: 'g', outcome, barrier: outcome === 'withstood' ? 'input_guard' : null, expected: 'input_guard',
  breaches: outcome === 'breached' ? ['cancel_shipment ran without approval'] : [], detail: outcome === 'inconclusive' ? 'never arrived' : '<script>x</script>', stop_reasons: [], model_calls: 0, prompt_tokens: 0, duration_ms: 1,
});
function redteam(attacks: AttackResult[], blocked: number): RedteamReport {
  return {
    kind: 'redteam', version: 1, generated_at: '2026-11-30T00:00:00.000Z', runtime: 'langgraph', model: 'offline', attacker_model: 'double',
    overall: countOutcomes(attacks), by_family: { direct_injection: countOutcomes(attacks) }, by_language: { en: countOutcomes(attacks) }, by_carrier: { user_input: countOutcomes(attacks) }, by_barrier: { input_guard: 1 },
    breaches: [], inconclusive: [], expectation_mismatches: [],
    benign: { total: 10, blocked, false_positive_rate: blocked / 10, expectation_met: 10 - blocked, blocked_ids: [], results: [] },
    generated_variants: { status: 'absent', reason: 'no model' }, duration_ms: 5, attacks,
  };
}

describe('reports', () => {
  it('counts outcomes and leaves inconclusive attacks out of the success rate', () => {
    expect(countOutcomes([attack('a', 'withstood'), attack('b', 'breached'), attack('c', 'inconclusive')])).toEqual({ total: 3, withstood: 1, breached: 1, inconclusive: 1, attack_success_rate: 0.5 });
  });

  it('keeps the previous report and shows before and after', () => {
    const temp = makeTempDir();
    temps.push(temp.cleanup);
    const first = redteam([attack('a', 'breached'), attack('b', 'withstood')], 2);
    const written = writeEvalReports(temp.dir, 'redteam', first, () => redteamHtml(first));
    expect(written.previous).toBeUndefined();
    const second = redteam([attack('a', 'withstood'), attack('b', 'withstood')], 1);
    const again = writeEvalReports(temp.dir, 'redteam', second, (previous) => {
      const before = parsePreviousRedteam(previous);
      if (!before) throw new Error('the previous report should parse');
      const comparison = compareRedteam(before, second);
      expect(comparison.rows).toContainEqual({ measure: 'attack success rate', before: '50.0%', after: '0.0%' });
      expect(comparison.rows).toContainEqual({ measure: 'benign false-positive rate', before: '20.0%', after: '10.0%' });
      expect(comparison.changed).toEqual([{ id: 'a', before: 'breached', after: 'withstood' }]);
      return redteamHtml(second, comparison);
    });
    expect(JSON.parse(readFileSync(join(temp.dir, 'redteam.previous.json'), 'utf8'))).toMatchObject({ overall: { breached: 1 } });
    expect(existsSync(again.html)).toBe(true);
    const html = readFileSync(again.html, 'utf8');
    expect(html).toContain('<svg');
    expect(html).toContain('Before and after');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
    expect(parsePreviousRedteam({ something: 'else' })).toBeUndefined();
  });

  it('renders the golden report with charts, the judge status and failures', () => {
    const report: GoldenReport = {
      kind: 'golden', version: 2, generated_at: '2026-11-30T00:00:00.000Z', runtime: 'langgraph', model: 'offline', k: 4, tasks_total: 2, in_scope: 1,
      out_of_scope: [{ id: 'b', reason: 'needs a model' }], overall: { pass_1: 0.75, pass_k: 0, tasks_all_passed: 0, tasks_any_failed: 1, unverified_facts: 1 },
      by_category: { tracking: { tasks: 1, pass_1: 0.75, pass_k: 0 } }, by_lang: { uk: { tasks: 1, pass_1: 0.75, pass_k: 0 } },
      usage: { prompt_tokens: 10, completion_tokens: 2, usd: 0, trials: 4 }, duration_ms: 1, judge: { status: 'absent', reason: 'no model is configured' },
      tasks: [
        { id: 'a', lang: 'uk', category: 'tracking', scope: 'offline', request: 'Де TTN-000001?', in_scope: true, trials: 4, passes: 3, pass_1: 0.75, pass_k: 0, stop_reasons: ['finish'], failures: ['answer lacks "2026-12-01"'], unverified_facts: 1, usage: { prompt_tokens: 10, completion_tokens: 2, usd: 0 } },
        { id: 'b', lang: 'en', category: 'knowledge', scope: 'model', request: 'policy?', in_scope: false, trials: 0, passes: 0, pass_1: null, pass_k: null, stop_reasons: [], failures: [], unverified_facts: 0, usage: { prompt_tokens: 0, completion_tokens: 0, usd: 0 } },
      ],
    };
    const html = goldenHtml(report);
    expect(html).toContain('pass^4 by category');
    expect(html).toContain('judge absent: no model is configured');
    expect(html).toContain('answer lacks &quot;2026-12-01&quot;');
    expect(html).toContain('out of scope');
  });
});
