export type JsonBody = { success: true; value: unknown } | { success: false; message: string };

/** Parses a request body as JSON without throwing on bad input (its size is bounded before this reads it). */
export async function readJsonBody(request: Request): Promise<JsonBody> {
  const text = await request.text();
  try {
    return { success: true, value: JSON.parse(text) as unknown };
  } catch {
    return { success: false, message: 'request body is not valid JSON' };
  }
}
