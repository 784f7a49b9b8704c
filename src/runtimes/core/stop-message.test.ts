import { describe, expect, it } from 'vitest';
import { detectLanguage } from '../../models/index.js';
import { modelFailureOf, modelFailureOfText } from './model-failure.js';
import { stopMessage } from './stop-message.js';

const LATER = /пізніше|later|позже/i;

describe('which model failure an error is', () => {
  it('is model_unavailable for what may pass: no connection, a timeout, 408, 429, 5xx', () => {
    const refused = new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' }) });
    expect(modelFailureOf(refused)).toBe('model_unavailable');
    for (const status of [408, 429, 500, 502, 503]) expect(modelFailureOf(Object.assign(new Error('x'), { status }))).toBe('model_unavailable');
    expect(modelFailureOf(Object.assign(new Error('Request timed out.'), { name: 'APIConnectionTimeoutError' }))).toBe('model_unavailable');
    expect(modelFailureOfText('connection_error cannot reach http://127.0.0.1:9/v1: fetch failed')).toBe('model_unavailable');
    expect(modelFailureOfText('http_503 http://x/v1 answered 503 without a chat completion')).toBe('model_unavailable');
  });

  it('is model_error for what will not pass by itself: 4xx, a reply that is not a completion, an unknown error', () => {
    for (const status of [400, 401, 403, 404, 422]) expect(modelFailureOf(Object.assign(new Error('x'), { status }))).toBe('model_error');
    expect(modelFailureOfText('http_401 http://x/v1 answered 401 without a chat completion')).toBe('model_error');
    expect(modelFailureOfText('http_200 http://x/v1 answered 200 without a chat completion')).toBe('model_error');
    expect(modelFailureOf(Object.assign(new Error('no recording for this request'), { name: 'ReplayDivergenceError' }))).toBe('model_error');
    expect(modelFailureOfText('worker crashed')).toBe('model_error');
  });
});

describe('the stop message', () => {
  it('says "try later" for model_unavailable and never for model_error, in each language', () => {
    for (const language of ['uk', 'en', 'ru'] as const) {
      expect(stopMessage('model_unavailable', 'ECONNREFUSED', language)).toMatch(LATER);
      const error = stopMessage('model_error', '401 Incorrect API key', language);
      expect(error).not.toMatch(LATER);
      expect(error).toContain('WAYBILL_API_KEY');
      expect(error).toContain('401 Incorrect API key');
    }
  });

  it('reads a refund over the cap as the business limit, not a security policy, in the user’s language only', () => {
    const detail = 'refund 6200 UAH is over the cap of 5000 UAH';
    expect(stopMessage('policy_deny:cancel_shipment', detail, 'uk')).toBe('Повернення 6200 грн перевищує ліміт автоматичного повернення 5000 грн: більше повернення оформлюється вручну. Нічого не змінено.');
    expect(stopMessage('policy_deny:cancel_shipment', detail, 'en')).toMatch(/^A refund of 6200 UAH is over the automatic refund limit of 5000 UAH/);
    expect(stopMessage('policy_deny:cancel_shipment', detail, 'ru')).toMatch(/^Возврат 6200 грн превышает лимит/);
    for (const language of ['uk', 'en', 'ru'] as const) expect(stopMessage('policy_deny:cancel_shipment', detail, language)).not.toMatch(/безпеки|security|безопасности/);
  });

  it('names the rule of every other refusal: a switch, read-only mode, data that tried to start a write, the roles table', () => {
    expect(stopMessage('policy_deny:track_shipment', 'track_shipment is switched off by an operator', 'uk')).toBe('Оператор вимкнув інструмент track_shipment; нічого не зроблено.');
    expect(stopMessage('policy_deny:cancel_shipment', 'read-only mode refuses cancel_shipment', 'en')).toMatch(/^Read-only mode is on/);
    expect(stopMessage('policy_deny:cancel_shipment', "TTN-000002 is not named in the user's request; untrusted content cannot initiate a write", 'uk')).toMatch(/^Дію відхилено політикою безпеки: TTN-000002 не названо у вашому запиті/);
    expect(stopMessage('policy_deny:check_stock', 'tracking_agent may not call check_stock', 'en')).toMatch(/access policy/);
  });

  it('names the rollout stage that refused an approved call, and what an administrator can do', () => {
    const detail = 'tenant acme is in rollout stage read_only, which allows read tools only: cancel_shipment was not run';
    expect(stopMessage('policy_deny:cancel_shipment', detail, 'uk')).toMatch(/^Нічого не скасовано: .*«read_only».*cancel_shipment не виконано.*waybill rollout stage general.*ще раз\.$/);
    expect(stopMessage('policy_deny:cancel_shipment', detail, 'en')).toMatch(/^Nothing was cancelled: .*"read_only" rollout stage.*cancel_shipment was not run.*waybill rollout stage general.*ask again\.$/);
    expect(stopMessage('policy_deny:cancel_shipment', detail, 'ru')).toMatch(/^Ничего не отменено: .*«read_only».*cancel_shipment не выполнено.*waybill rollout stage general.*ещё раз\.$/);
  });

  it('is written in the request’s language for every plain reason', () => {
    const reasons = ['operator_kill', 'tenant_disabled', 'max_steps', 'max_seconds', 'max_tokens', 'max_usd', 'loop_detected', 'depth_limit', 'cycle_detected', 'approval_rejected', 'approval_timeout', 'not_understood', 'interrupted', 'model_unavailable', 'model_error', 'tool_timeout:check_stock', 'tool_unhealthy:check_stock', 'tool_error_exhausted:check_stock'] as const;
    for (const reason of reasons) {
      const [uk, en, ru] = (['uk', 'en', 'ru'] as const).map((language) => stopMessage(reason, '', language));
      // Letters only one of the two Cyrillic languages has, and none in English.
      expect(uk, reason).toMatch(/[а-яіїєґ]/i);
      expect(uk, reason).not.toMatch(/[ыэъё]/i);
      expect(en, reason).not.toMatch(/[а-яёіїєґ]/i);
      expect(ru, reason).not.toMatch(/[іїєґ]/i);
      expect(ru, reason).not.toBe(uk);
      expect(detectLanguage(en ?? ''), reason).toBe('en');
    }
  });
});
