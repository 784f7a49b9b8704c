import { describe, expect, it } from 'vitest';
import { ApiError } from '../api-error.js';
import { inputText } from './protocol-values.js';
import { resumeDecision } from './resume-decision.js';

const by = 'alice (key_1)';

describe('resumeDecision', () => {
  it('maps the resume values LangGraph clients send to approve, edit or reject', () => {
    expect(resumeDecision(true, by)).toEqual({ type: 'approve', by });
    expect(resumeDecision('approve', by)).toEqual({ type: 'approve', by });
    expect(resumeDecision({ decision: 'approve' }, by)).toEqual({ type: 'approve', by });
    expect(resumeDecision({ type: 'reject', reason: 'too early' }, by)).toEqual({ type: 'reject', by, reason: 'too early' });
    expect(resumeDecision({ decisions: [{ type: 'reject', message: 'no' }] }, by)).toEqual({ type: 'reject', by, reason: 'no' });
    expect(resumeDecision({ type: 'edit', args: { refund_uah: 1 } }, by)).toEqual({ type: 'edit', by, args: { refund_uah: 1 } });
    expect(resumeDecision({ decisions: [{ type: 'edit', edited_action: { name: 'cancel_shipment', args: { refund_uah: 2 } } }] }, by)).toEqual({ type: 'edit', by, args: { refund_uah: 2 } });
  });

  it('refuses anything else with a named 400', () => {
    for (const bad of [null, 'yes', 1, { type: 'maybe' }, { type: 'edit' }, { decisions: [] }, { decisions: [{ type: 'approve' }, { type: 'approve' }] }]) {
      expect(() => resumeDecision(bad, by)).toThrow(ApiError);
      try {
        resumeDecision(bad, by);
      } catch (error) {
        expect((error as ApiError).code).toBe('invalid_body');
        expect((error as ApiError).message).toMatch(/command\.resume/);
      }
    }
  });
});

describe('inputText', () => {
  it('takes the last human message in LangChain or OpenAI form, text parts joined, or a plain input', () => {
    expect(inputText({ messages: [{ role: 'user', content: 'перше' }, { role: 'assistant', content: 'ok' }, { type: 'human', content: 'друге' }] })).toBe('друге');
    expect(inputText({ messages: [{ role: 'user', content: [{ type: 'text', text: 'Де' }, { type: 'text', text: 'TTN-000001?' }] }] })).toBe('Де\nTTN-000001?');
    expect(inputText({ input: 'Де TTN-000001?' })).toBe('Де TTN-000001?');
    expect(inputText('Де TTN-000001?')).toBe('Де TTN-000001?');
  });

  it('refuses an input with no question', () => {
    for (const bad of [undefined, {}, { messages: [{ role: 'assistant', content: 'hi' }] }, { messages: [{ role: 'user', content: '  ' }] }]) expect(() => inputText(bad)).toThrow(/input: send the question/);
  });
});
