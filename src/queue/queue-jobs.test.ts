import { describe, expect, it } from 'vitest';
import { safeParseQueueJob } from './queue-jobs.js';

describe('safeParseQueueJob', () => {
  it('reads a run job and a resume job', () => {
    const run = { kind: 'run', runId: 'r1', threadId: 't1', tenant: 'default', input: 'Де TTN-000001?' };
    const resume = { kind: 'resume', threadId: 't1', tenant: 'default', approvalId: 'apr-1' };
    expect(safeParseQueueJob(run)).toEqual({ success: true, job: run });
    expect(safeParseQueueJob(resume)).toEqual({ success: true, job: resume });
  });

  it('says which field is wrong in a job something else wrote', () => {
    const parsed = safeParseQueueJob({ kind: 'run', runId: 'r1', threadId: '', tenant: 'default', input: 'x' });
    expect(parsed.success).toBe(false);
    expect(parsed.success ? '' : parsed.error).toContain('threadId');
    expect(safeParseQueueJob({ kind: 'sweep' }).success).toBe(false);
    expect(safeParseQueueJob({ kind: 'resume', threadId: 't', tenant: 'd' }).success).toBe(false);
  });
});
