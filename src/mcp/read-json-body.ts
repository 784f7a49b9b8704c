import type { IncomingMessage } from 'node:http';

export type JsonBody = { success: true; value: unknown } | { success: false; status: 400 | 413; message: string };

/** Reads a request body of at most `limitBytes` and parses it as JSON, without throwing on bad input. */
export async function readJsonBody(request: IncomingMessage, limitBytes: number): Promise<JsonBody> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > limitBytes) return { success: false, status: 413, message: `request body is over ${limitBytes} bytes` };
    chunks.push(buffer);
  }
  try {
    return { success: true, value: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown };
  } catch {
    return { success: false, status: 400, message: 'request body is not valid JSON' };
  }
}
