import { describe, expect, it } from 'vitest';
import { isPause, isStopReason, toolStop } from './stop-reason.js';

describe('stop reasons', () => {
  it.each(['finish', 'input_blocked', 'operator_kill', 'policy_deny:cancel_shipment', 'tool_unhealthy:track_shipment', 'model_unavailable', 'not_understood'])('accepts %s', (reason) => {
    expect(isStopReason(reason)).toBe(true);
  });

  it.each(['', 'done', 'policy_deny', 'policy_deny:', ':track_shipment', 'tool_broken:x', 42, null])('rejects %j', (reason) => {
    expect(isStopReason(reason)).toBe(false);
  });

  it('builds tool reasons and knows that only awaiting_approval pauses', () => {
    expect(toolStop('tool_timeout', 'calc_delivery')).toBe('tool_timeout:calc_delivery');
    expect(isPause('awaiting_approval')).toBe(true);
    expect(isPause('finish')).toBe(false);
  });
});
