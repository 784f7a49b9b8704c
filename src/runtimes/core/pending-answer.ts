import type { RunPending } from '../../telemetry/index.js';

/** What the user reads while a cancellation waits for an operator (the same words on every runtime). */
export function pendingAnswer(pending: RunPending, language: 'uk' | 'en' | 'ru'): string {
  const id = String(pending.args.tracking_id);
  const refund = String(pending.args.refund_uah);
  if (language === 'ru') return `Отмена ${id} с возвратом ${refund} грн ожидает подтверждения оператора.`;
  return language === 'uk' ? `Скасування ${id} з поверненням ${refund} грн очікує підтвердження оператора.` : `Cancelling ${id} with a ${refund} UAH refund awaits an operator's approval.`;
}
