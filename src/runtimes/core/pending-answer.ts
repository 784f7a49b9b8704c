import type { RunApproval, RunPending } from '../../telemetry/index.js';
import type { ReplyLanguage } from './reply-language.js';

/** What the user reads while a cancellation waits for an operator (the same words on every runtime). */
export function pendingAnswer(pending: RunPending, language: ReplyLanguage): string {
  const id = String(pending.args.tracking_id);
  const refund = String(pending.args.refund_uah);
  return {
    uk: `Скасування ${id} з поверненням ${refund} грн очікує підтвердження оператора.`,
    en: `Cancelling ${id} with a ${refund} UAH refund awaits an operator's approval.`,
    ru: `Отмена ${id} с возвратом ${refund} грн ожидает подтверждения оператора.`,
  }[language];
}

/**
 * What the user reads after an operator rejected the paused call: what was rejected, by whom and why
 * (when the decision recorded them), and that nothing changed. An answer, not a missing part.
 */
export function rejectionAnswer(approval: RunApproval, tool: string | undefined, language: ReplyLanguage): string {
  const args = approval.args ?? {};
  const id = typeof args.tracking_id === 'string' ? args.tracking_id : undefined;
  const refund = typeof args.refund_uah === 'number' ? args.refund_uah : undefined;
  // The name the decision recorded, unless it is only the CLI's default ("operator").
  const by = approval.by && approval.by !== 'operator' ? ` (${approval.by})` : '';
  const why = approval.reason?.trim() ? approval.reason.trim() : undefined;
  const what =
    tool === 'cancel_shipment' && id !== undefined
      ? {
          uk: `скасування ${id}${refund !== undefined ? ` з поверненням ${refund} грн` : ''}`,
          en: `the cancellation of ${id}${refund !== undefined ? ` with a ${refund} UAH refund` : ''}`,
          ru: `отмену ${id}${refund !== undefined ? ` с возвратом ${refund} грн` : ''}`,
        }[language]
      : { uk: `дію ${tool ?? ''}`.trim(), en: `the action ${tool ?? ''}`.trim(), ru: `действие ${tool ?? ''}`.trim() }[language];
  return {
    uk: `Оператор${by} відхилив ${what}${why ? `; причина: ${why}` : ''}. Нічого не змінено.`,
    en: `An operator${by} rejected ${what}${why ? `; reason: ${why}` : ''}. Nothing was changed.`,
    ru: `Оператор${by} отклонил ${what}${why ? `; причина: ${why}` : ''}. Ничего не изменено.`,
  }[language];
}
