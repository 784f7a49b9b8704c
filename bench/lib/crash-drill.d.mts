// Types of crash-drill.mjs for the suite's TypeScript test.
export declare const MAX_DRILL_THREADS: number;

export interface CrashDrillCounts {
  kills: number;
  commands: number;
  runs: number;
  recovered: number;
  awaiting: number;
  approved: number;
  rejected: number;
  cancelled: number;
  lost: number;
  doubled: number;
  stuck: number;
}

export declare function runCrashDrill(options: {
  cli: string;
  env: Record<string, string>;
  threads: number;
  seed?: number;
  killChance?: number;
  serveKills?: number;
  log?: (line: string) => void;
}): Promise<{ counts: CrashDrillCounts; problems: string[] }>;
