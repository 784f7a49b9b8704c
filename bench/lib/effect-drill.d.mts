// Types of effect-drill.mjs for the suite's TypeScript test.
export declare const MAX_EFFECT_DRILL_THREADS: number;

export interface EffectDrillCounts {
  kills: number;
  after_effect: number;
  recoverers: number;
  workers: number;
  serve: number;
  random: number;
  commands: number;
  records: number;
  agreeing: number;
  approved: number;
  rejected: number;
  cancelled: number;
  interrupted: number;
  lost: number;
  doubled: number;
  stuck: number;
}

export declare function runEffectDrill(options: {
  cli: string;
  env: Record<string, string>;
  threads: number;
  queueThreads?: number;
  workers?: number;
  seed?: number;
  serveKills?: number;
  log?: (line: string) => void;
}): Promise<{ counts: EffectDrillCounts; problems: string[] }>;
