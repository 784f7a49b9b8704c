import type { RunApproval, RunIntent, RunToolCall } from '../../telemetry/index.js';
import type { ApprovalEffect } from './reconcile-run.js';

/** The irreversible call as the domain holds it done, for a record written from the domain (issue 32). */
export function effectedCall(effect: ApprovalEffect, agent: string): RunToolCall {
  return { agent, tool: effect.tool, args: effect.args, status: 'ok', duration_ms: 0, effect: { cancellation_id: effect.cancellationId, refund_uah: effect.refundUah } };
}

/** What the user reads when the record is written from the domain: the cancellation, its id and refund. */
export function effectedAnswer(effect: ApprovalEffect, language: 'uk' | 'en' | 'ru'): string {
  const { trackingId, cancellationId, refundUah } = effect;
  if (language === 'ru') return `Отправление ${trackingId} отменено (отмена ${cancellationId}, согласовано ${effect.approvalId}), возврат ${refundUah} грн. Процесс, выполнявший запрос, остановился после отмены; запись составлена по данным системы, повторно отправлять запрос не нужно.`;
  return language === 'uk'
    ? `Відправлення ${trackingId} скасовано (скасування ${cancellationId}, погоджено ${effect.approvalId}), повернення ${refundUah} грн. Процес, що виконував запит, зупинився після скасування; запис складено з даних системи, повторно надсилати запит не потрібно.`
    : `Shipment ${trackingId} is cancelled (cancellation ${cancellationId}, approved as ${effect.approvalId}), refund ${refundUah} UAH. The process running the request stopped after the cancellation; this record was written from the system's data, so there is no need to send the request again.`;
}

/**
 * What the user reads when the approval this run waited on was carried out by another thread's run (the
 * two asked for the same cancellation and shared one approval): the cancellation, and that this run did
 * nothing twice.
 */
export function doneElsewhereAnswer(effect: ApprovalEffect, language: 'uk' | 'en' | 'ru'): string {
  const { trackingId, cancellationId, refundUah, approvalId } = effect;
  if (language === 'ru') return `Отправление ${trackingId} уже отменено (отмена ${cancellationId}, возврат ${refundUah} грн) по тому же согласованию ${approvalId} в другом запросе; этот запрос ничего не выполнял повторно.`;
  return language === 'uk'
    ? `Відправлення ${trackingId} вже скасовано (скасування ${cancellationId}, повернення ${refundUah} грн) за тим самим погодженням ${approvalId} в іншому запиті; цей запит нічого не виконував повторно.`
    : `Shipment ${trackingId} is already cancelled (cancellation ${cancellationId}, refund ${refundUah} UAH) under the same approval ${approvalId}, by another request; this request did nothing a second time.`;
}

/**
 * The approval a recovered resume's record carries: the intent's decision on `approvalId`, with the
 * arguments the domain ran when it ran them. A resume stopped `interrupted` carries it too, so its record
 * says which decision was never applied.
 */
export function intentApproval(intent: Pick<RunIntent, 'decision' | 'startedAt'>, approvalId: string | undefined, effect?: ApprovalEffect): RunApproval {
  const type = intent.decision?.type ?? 'approve';
  const args = effect?.args ?? intent.decision?.args;
  return {
    decision: type,
    by: intent.decision?.by ?? 'unknown',
    at: intent.startedAt,
    ...(args && { args }),
    ...(approvalId !== undefined && { approval_id: approvalId }),
    ...(type === 'reject' && { reason: intent.decision?.reason ?? 'rejected' }),
  };
}
