import type { z } from 'zod';
import { calcDelivery, CalcDeliveryInput } from './operations/calc-delivery.js';
import { cancelShipment, CancelShipmentInput } from './operations/cancel-shipment.js';
import { checkStock, CheckStockInput } from './operations/check-stock.js';
import type { OperationContext } from './operations/operation-context.js';
import { trackShipment, TrackShipmentInput } from './operations/track-shipment.js';
import type { DOMAIN_TOOL_NAMES } from './domain-tool-names.js';
import type { ToolResult } from './tool-result.js';

/** `read` tools change nothing; `irreversible` ones run only after a human approves (DESIGN.md §4). */
type ToolRisk = 'read' | 'irreversible';

/** One domain capability as every runtime and the MCP server see it. */
export interface DomainTool {
  name: (typeof DOMAIN_TOOL_NAMES)[number];
  title: string;
  description: string;
  risk: ToolRisk;
  inputSchema: z.ZodObject;
  run: (context: OperationContext, args: unknown) => Promise<ToolResult>;
}

/** The four tools of the logistics domain, in the order clients list them. */
export const DOMAIN_TOOLS: readonly DomainTool[] = [
  {
    name: 'track_shipment',
    title: 'Track a shipment',
    description:
      'Status, route, estimated delivery, full status history (with the reason when delayed) and any cancellation of one shipment by its tracking number.',
    risk: 'read',
    inputSchema: TrackShipmentInput,
    run: trackShipment,
  },
  {
    name: 'check_stock',
    title: 'Check stock',
    description:
      'Quantity of one SKU in each warehouse (or in one warehouse), the total, and optionally which warehouses hold at least min_qty.',
    risk: 'read',
    inputSchema: CheckStockInput,
    run: checkStock,
  },
  {
    name: 'calc_delivery',
    title: 'Calculate delivery',
    description:
      'Price in UAH (base + per kg × weight + per km × distance, plus 0.5 % insurance on a declared value) and delivery days between two cities.',
    risk: 'read',
    inputSchema: CalcDeliveryInput,
    run: calcDelivery,
  },
  {
    name: 'cancel_shipment',
    title: 'Cancel a shipment with refund',
    description:
      'IRREVERSIBLE: cancels a shipment that is not delivered or cancelled and records the refund (at most what was paid and at most 5000 UAH). Requires human approval. Repeat-safe with idempotency_key.',
    risk: 'irreversible',
    inputSchema: CancelShipmentInput,
    run: cancelShipment,
  },
];

export function findDomainTool(name: string): DomainTool | undefined {
  return DOMAIN_TOOLS.find((tool) => tool.name === name);
}
