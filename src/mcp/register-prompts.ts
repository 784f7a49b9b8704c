import { completable } from '@modelcontextprotocol/sdk/server/completable.js';
import type { McpServer, ReadResourceTemplateCallback } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { GetPromptResult } from '@modelcontextprotocol/sdk/types.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { ToolResult } from '../domain/index.js';
import { normaliseCity } from '../domain/index.js';
import { completeCity, completeService } from './completions.js';

type Extra = Parameters<ReadResourceTemplateCallback>[2];

export interface PromptScope {
  /** Whether the caller may ask for cancellations (operator or above): only then is that workflow offered. */
  mayCancel: boolean;
  readShipment(trackingId: string, extra: Extra): Promise<ToolResult>;
  completeTrackingId(value: string): Promise<string[]>;
}

const number = (field: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+(\.\d+)?$/, `${field}: expected a number`)
    .refine((value) => Number(value) >= min && Number(value) <= max, `${field}: must be between ${min} and ${max}`);
const city = (field: string) => completable(z.string().refine((value) => normaliseCity(value) !== undefined, `${field}: unknown city`), completeCity);
const text = (message: string): GetPromptResult['messages'][number] => ({ role: 'user', content: { type: 'text', text: message } });

/**
 * Prompts for the operator's workflows: track a shipment, quote a delivery, cancel with approval. Each
 * names the tool to call and what to report; the shipment prompts embed the shipment as this caller
 * may see it (an unknown or foreign tracking id is -32602, as for the resource).
 */
export function registerPrompts(mcp: McpServer, scope: PromptScope): void {
  const trackingId = () => completable(z.string().min(1).max(40).describe('Tracking number, TTN- and six digits'), (value) => scope.completeTrackingId(value));
  const embedShipment = async (id: string, extra: Extra): Promise<GetPromptResult['messages'][number]> => {
    const result = await scope.readShipment(id, extra);
    if (result.status !== 'ok') throw new McpError(ErrorCode.InvalidParams, `tracking_id: ${'problems' in result ? result.problems.join('; ') : result.status}`);
    const canonical = String(result.tracking_id);
    return { role: 'user', content: { type: 'resource', resource: { uri: `waybill://shipments/${canonical}`, mimeType: 'application/json', text: JSON.stringify(result) } } };
  };

  mcp.registerPrompt(
    'track',
    { title: 'Track a shipment', description: 'Where a parcel is, its ETA and, when delayed, why', argsSchema: { tracking_id: trackingId() } },
    async ({ tracking_id }, extra) => ({
      messages: [
        await embedShipment(tracking_id, extra),
        text(`Where is parcel ${tracking_id.trim().toUpperCase()}? Use the shipment above (or call track_shipment) and report its status, route, ETA and, if it is delayed, the reason from its history.`),
      ],
    }),
  );

  mcp.registerPrompt(
    'quote',
    {
      title: 'Quote a delivery',
      description: 'Price and delivery time between two cities for a weight and a service',
      argsSchema: {
        origin: city('origin'),
        destination: city('destination'),
        weight_kg: number('weight_kg', 0.001, 1000),
        service: completable(z.string().refine((value) => completeService(value).includes(value.trim().toLowerCase()), 'service: standard, express or overnight'), completeService),
      },
    },
    ({ origin, destination, weight_kg, service }) => ({
      messages: [
        text(
          `What does ${weight_kg} kg from ${origin} to ${destination} by ${service.trim().toLowerCase()} cost? Call calc_delivery with ${JSON.stringify({ origin, destination, weight_kg: Number(weight_kg), service: service.trim().toLowerCase() })} and report the price in UAH with its breakdown, the distance and the delivery days.`,
        ),
      ],
    }),
  );

  if (!scope.mayCancel) return;
  mcp.registerPrompt(
    'cancel',
    {
      title: 'Cancel with approval',
      description: 'Cancel a shipment and refund the customer, after a human approves the exact arguments',
      argsSchema: { tracking_id: trackingId(), refund_uah: number('refund_uah', 0, 5000), reason: z.string().trim().min(3).max(300).describe('Why, in the customer’s words') },
    },
    async ({ tracking_id, refund_uah, reason }, extra) => {
      const shipment = await embedShipment(tracking_id, extra);
      const args = { tracking_id: tracking_id.trim().toUpperCase(), reason, refund_uah: Number(refund_uah) };
      return {
        messages: [
          shipment,
          text(
            [
              `Cancel shipment ${args.tracking_id} and refund ${args.refund_uah} UAH (reason: ${reason}).`,
              `1. Call cancel_shipment with ${JSON.stringify(args)}. Nothing is cancelled yet: it answers approval_required with an approval_id.`,
              '2. A human decides. If this client shows approval questions (elicitation), the question comes here and the call finishes once approved; otherwise send the person to the decide.console link of that answer (or the CLI or HTTP command it lists).',
              '3. Once approved, call cancel_shipment again with the same arguments plus "approval_id". It runs once; report the cancellation id and the refund. A rejection means nothing was cancelled: say so.',
            ].join('\n'),
          ),
        ],
      };
    },
  );
}
