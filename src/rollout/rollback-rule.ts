/** Runs and bad outcomes of each arm of a change. */
export interface ArmTally {
  stable: { runs: number; bad: number };
  candidate: { runs: number; bad: number };
}

/** When a change is rolled back automatically. */
export interface RollbackRule {
  /** Candidate runs needed before the rates are compared. Default 10. */
  minCandidateRuns: number;
  /** How far (0 to 1) the candidate's bad rate may exceed stable's. Default 0.15. */
  margin: number;
}

export const DEFAULT_ROLLBACK_RULE: RollbackRule = { minCandidateRuns: 10, margin: 0.15 };

/** The verdict on a tally, with the rates it compared (for the audit event). */
export interface RollbackVerdict {
  rollBack: boolean;
  candidateRate: number;
  stableRate: number;
  candidateRuns: number;
  stableRuns: number;
}

const rate = (arm: { runs: number; bad: number }) => (arm.runs === 0 ? 0 : arm.bad / arm.runs);

/**
 * Roll back when, after at least `minCandidateRuns` candidate runs, the candidate's rate of bad
 * outcomes exceeds stable's by more than `margin`. Stable with no runs yet counts as rate 0: a
 * candidate that fails often enough is rolled back without waiting for a baseline.
 */
export function judgeRollout(tally: ArmTally, rule: RollbackRule): RollbackVerdict {
  const candidateRate = rate(tally.candidate);
  const stableRate = rate(tally.stable);
  const enough = tally.candidate.runs >= rule.minCandidateRuns;
  return { rollBack: enough && candidateRate - stableRate > rule.margin, candidateRate, stableRate, candidateRuns: tally.candidate.runs, stableRuns: tally.stable.runs };
}
