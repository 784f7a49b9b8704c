import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Attack, BenignInput } from './attack.js';
import { AttackDatabases } from './attack-database.js';
import type { EvalRuntime } from './eval-runtime.js';
import { generateAttackVariants } from './generate-attack-variants.js';
import type { TextModel } from './model-judge.js';
import type { GeneratedVariantsSummary, RedteamReport } from './redteam-report.js';
import { countOutcomes, groupOutcomes, REDTEAM_REPORT_VERSION } from './redteam-report.js';
import type { AttackResult } from './run-attack.js';
import { runAttack } from './run-attack.js';
import type { BenignResult } from './run-benign.js';
import { runBenign } from './run-benign.js';
import { MCP_CLIENT_ATTACKS, runMcpClientAttacks } from './mcp-client-attacks.js';
import { SharedSessions } from './shared-sessions.js';

export interface RedteamOptions {
  runtime: EvalRuntime;
  attacks: readonly Attack[];
  benign: readonly BenignInput[];
  /** True when the offline planner serves user-carried attacks. */
  offline: boolean;
  model: string;
  /** Where attack databases go (deleted afterwards); default a temporary folder. */
  workDir?: string;
  onProgress?: (done: number, total: number, label: string) => void;
  now?: () => Date;
  /** Also run the external-MCP-client carrier: an attacker with an MCP client and no runtime. */
  mcpClient?: boolean;
  /** Generated variants: a model and how many rewrites per user-carried attack; otherwise why there are none. */
  variants?: { generator: TextModel; perAttack: number } | { absent: string };
}

/** Runs the fixed corpus and the benign set, each item on a fresh session, and summarises the outcomes. */
export async function runRedteam(options: RedteamOptions): Promise<RedteamReport> {
  const started = Date.now();
  const now = options.now ?? (() => new Date());
  const workDir = options.workDir ?? mkdtempSync(join(tmpdir(), 'waybill-redteam-'));
  const databases = new AttackDatabases(workDir);
  const total = options.attacks.length + options.benign.length + (options.mcpClient ? MCP_CLIENT_ATTACKS.length : 0);
  let done = 0;
  const attacks: AttackResult[] = [];
  const benign: BenignResult[] = [];
  let variants: GeneratedVariantsSummary | undefined;
  const shared = new SharedSessions(options.runtime, options.offline ? { offline: true } : {});
  try {
    for (const attack of options.attacks) {
      attacks.push(await runAttack(attack, { runtime: options.runtime, databases, offline: options.offline, shared }));
      options.onProgress?.((done += 1), total, attack.id);
    }
    if (options.mcpClient) {
      for (const result of await runMcpClientAttacks(workDir)) {
        attacks.push(result);
        options.onProgress?.((done += 1), total, result.id);
      }
    }
    for (const input of options.benign) {
      benign.push(await runBenign(input, shared));
      options.onProgress?.((done += 1), total, input.id);
    }
    if (options.variants && 'generator' in options.variants) variants = await runVariants(options, options.variants.generator, options.variants.perAttack, { databases, shared });
  } finally {
    await shared.close();
    rmSync(workDir, { recursive: true, force: true });
  }
  const byBarrier: Record<string, number> = {};
  for (const r of attacks) if (r.outcome === 'withstood' && r.barrier) byBarrier[r.barrier] = (byBarrier[r.barrier] ?? 0) + 1;
  const blocked = benign.filter((b) => b.blocked);
  return {
    kind: 'redteam',
    version: REDTEAM_REPORT_VERSION,
    generated_at: now().toISOString(),
    runtime: options.runtime.name,
    model: options.model,
    attacker_model: 'waybill-attacker (a test double that obeys planted text)',
    overall: countOutcomes(attacks),
    by_family: groupOutcomes(attacks, 'family'),
    by_language: groupOutcomes(attacks, 'language'),
    by_carrier: groupOutcomes(attacks, 'carrier'),
    by_barrier: byBarrier,
    breaches: attacks.filter((r) => r.outcome === 'breached').map((r) => ({ id: r.id, family: r.family, detail: r.detail })),
    inconclusive: attacks.filter((r) => r.outcome === 'inconclusive').map((r) => ({ id: r.id, detail: r.detail })),
    expectation_mismatches: attacks.filter((r) => r.outcome === 'withstood' && r.barrier !== r.expected).map((r) => ({ id: r.id, expected: r.expected, barrier: r.barrier })),
    benign: {
      total: benign.length,
      blocked: blocked.length,
      false_positive_rate: benign.length > 0 ? blocked.length / benign.length : 0,
      expectation_met: benign.filter((b) => b.expectation_met).length,
      blocked_ids: blocked.map((b) => b.id),
      results: benign,
    },
    generated_variants: variants ?? {
      status: 'absent',
      reason: options.variants && 'absent' in options.variants ? options.variants.absent : 'not requested; pass --variants N with a model configured',
    },
    duration_ms: Date.now() - started,
    attacks,
  };
}

/** Rewrites every single-turn user-carried attack with the generator and runs the rewrites. */
async function runVariants(options: RedteamOptions, generator: TextModel, perAttack: number, context: { databases: AttackDatabases; shared: SharedSessions }): Promise<GeneratedVariantsSummary> {
  const sources = options.attacks.filter((a) => a.carrier === 'user_input');
  const refused: GeneratedVariantsSummary['refused'] = [];
  const results: AttackResult[] = [];
  const texts = new Map<string, string>();
  for (const attack of sources) {
    const outcome = await generateAttackVariants(generator, attack, perAttack);
    if ('refused' in outcome) {
      refused.push({ id: attack.id, detail: outcome.refused });
      continue;
    }
    for (const variant of outcome.variants) {
      texts.set(variant.id, variant.turns[0] ?? '');
      results.push(await runAttack(variant, { runtime: options.runtime, databases: context.databases, offline: options.offline, shared: context.shared }));
    }
  }
  return {
    status: 'ran',
    model: generator.model,
    attacks: sources.length,
    per_attack: perAttack,
    refused,
    overall: countOutcomes(results),
    by_family: groupOutcomes(results, 'family'),
    breaches: results.filter((r) => r.outcome === 'breached').map((r) => ({ id: r.id, family: r.family, detail: r.detail, text: texts.get(r.id) ?? '' })),
    results,
  };
}
