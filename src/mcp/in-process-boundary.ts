import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import type { ApprovalStore, Caller } from '../domain/index.js';
import { CALLER_META_KEY, errorEnvelope, ORIGINS_META_KEY } from '../domain/index.js';
import type { WaybillMcpServerOptions } from './create-mcp-server.js';
import { connectInMemory } from './connect-in-memory.js';
import { publicUrlFromEnv } from './public-url.js';

/** One domain tool call a runtime makes for a run: the run's tenant, the agent, the call, the traced origins. */
interface BoundaryCall {
  tenant: string;
  agent: string;
  tool: string;
  args: Record<string, unknown>;
  /** Per argument, where its value came from (sent with an irreversible call, filed with its approval). */
  origins?: Record<string, string>;
}

/** What the MCP server answered: its JSON text and its `isError` flag. */
interface BoundaryAnswer {
  text: string;
  isError: boolean;
}

/**
 * The runtimes' way into the domain: a real MCP session per tenant to the one Waybill server, each
 * opened as that tenant's in-process operator, so tenancy, switches, grants and the boundary's audit
 * hold for a run exactly as for any outside client. Sessions open on a tenant's first call and live
 * until `close`.
 */
export interface InProcessBoundary {
  call(call: BoundaryCall): Promise<BoundaryAnswer>;
  /** The tools the server lists (the same for every tenant). */
  listTools(): Promise<Awaited<ReturnType<Client['listTools']>>['tools']>;
  /** The approval store the grants live in, for recording the runtime's decisions. */
  readonly approvals: ApprovalStore;
  close(): Promise<void>;
}

export function openInProcessBoundary(options: Omit<WaybillMcpServerOptions, 'caller' | 'approvals'> & { runtime: string; publicUrl?: string }): InProcessBoundary {
  // Approval links in the answers a run's model reads point where people decide: WAYBILL_PUBLIC_URL by default.
  const { runtime, publicUrl = publicUrlFromEnv(), ...server } = options;
  const sessions = new Map<string, ReturnType<typeof connectInMemory>>();
  const session = (tenant: string) => {
    let opened = sessions.get(tenant);
    if (!opened) {
      const caller: Caller = { tenant, role: 'operator', principal: `runtime:${runtime}`, channel: 'in-process' };
      opened = connectInMemory({ ...server, caller, approvals: { grants: 'required', ...(publicUrl !== undefined && { publicUrl }) } });
      // A session that failed to open is not kept: the next call tries again.
      opened.catch(() => sessions.delete(tenant));
      sessions.set(tenant, opened);
    }
    return opened;
  };
  return {
    approvals: options.store.approvals,
    async call({ tenant, agent, tool, args, origins }) {
      const { client } = await session(tenant);
      let reply;
      try {
        reply = await client.callTool({ name: tool, arguments: args, _meta: { [CALLER_META_KEY]: agent, ...(origins && { [ORIGINS_META_KEY]: origins }) } });
      } catch (error) {
        // A protocol error (an unknown tool is -32602) reaches a run as the envelope a model can read.
        if (!(error instanceof McpError)) throw error;
        return { text: JSON.stringify(errorEnvelope([`tool: ${error.message.replace(/^MCP error -?\d+: /, '')}`])), isError: true };
      }
      const text = (reply.content as Array<{ type: string; text?: string }>).map((part) => part.text ?? '').join('');
      return { text, isError: reply.isError === true };
    },
    async listTools() {
      const { client } = await session('default');
      return (await client.listTools()).tools;
    },
    async close() {
      const opened = [...sessions.values()];
      sessions.clear();
      await Promise.all(opened.map(async (pending) => (await pending.catch(() => undefined))?.close()));
    },
  };
}
