import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { BaseCheckpointSaver } from '@langchain/langgraph';
import { StoreError } from '../../storage/index.js';

/** LangGraph's serializer protocol (`dumpsTyped` / `loadsTyped`), as a saver holds it. */
type Serde = BaseCheckpointSaver['serde'];

/**
 * The type Waybill's checkpointers store a JSON value under: the JSON text LangGraph's serializer
 * writes, or, when the bytes start with `FRAME_MARK`, a frame: the mark, a method byte, then the JSON
 * text compressed by that method. JSON text never starts with a 0x00 byte, so the two cannot be confused.
 * Changelog of the method byte: 1 — raw deflate (RFC 1951), no dictionary.
 */
export const FRAMED_JSON_TYPE = 'zjson';
const FRAME_MARK = 0x00;
const DEFLATE_RAW = 1;

// Below this a deflated value saves a few dozen bytes for the same fixed cost (measured: a 3.3 KB
// checkpoint takes about 35 us at level 1 and shrinks to 38%; levels 3 to 9 gain 1-3% more).
const MIN_COMPRESSED_BYTES = 256;
const LEVEL = 1;

/**
 * Which values a saver may store compressed. SQLite (`@langchain/langgraph-checkpoint-sqlite`) keeps the
 * whole checkpoint in one BLOB, but reads pending writes back through SQLite's JSON functions as text
 * (binary would not survive) and filters `list()` on the metadata with them: only the checkpoint is
 * compressed. PostgreSQL keeps the checkpoint's skeleton and the metadata as JSONB (its saver parses the
 * metadata's bytes as JSON) and each channel value and pending write as BYTEA under its own type: only
 * arrays are compressed, which covers the messages channel and message writes and can never be metadata
 * (always an object).
 */
export type CompressedValues = 'checkpoint' | 'arrays';

function isCheckpoint(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const { v, id, channel_values: values, channel_versions: versions } = value as Record<string, unknown>;
  return typeof v === 'number' && typeof id === 'string' && typeof values === 'object' && values !== null && typeof versions === 'object' && versions !== null;
}

function framed(json: Uint8Array): Uint8Array {
  const packed = deflateRawSync(json, { level: LEVEL });
  if (packed.length + 2 >= json.length) return json;
  const out = Buffer.allocUnsafe(packed.length + 2);
  out[0] = FRAME_MARK;
  out[1] = DEFLATE_RAW;
  packed.copy(out, 2);
  return out;
}

/**
 * The JSON text of a value stored under `FRAMED_JSON_TYPE`, inflated when it is a frame. Throws a
 * StoreError at `location`: `store_version_unsupported` for a frame of a method this version does not
 * know (written by a newer Waybill), `store_corrupt` for a frame that does not inflate or that came back
 * as text (a store that decoded its bytes, so they are lost).
 */
export function framedJsonText(data: Uint8Array | string, location = 'checkpoints'): string {
  if (typeof data === 'string') {
    if (data.charCodeAt(0) === FRAME_MARK) throw new StoreError('store_corrupt', location, 'a compressed checkpoint value came back as text: its bytes are lost');
    return data;
  }
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if (bytes[0] !== FRAME_MARK) return bytes.toString('utf8');
  if (bytes[1] !== DEFLATE_RAW) {
    throw new StoreError('store_version_unsupported', location, `a checkpoint value is compressed by method ${String(bytes[1])}; this Waybill reads method ${DEFLATE_RAW} (raw deflate): upgrade Waybill`);
  }
  try {
    return inflateRawSync(bytes.subarray(2)).toString('utf8');
  } catch (cause) {
    throw new StoreError('store_corrupt', location, `a compressed checkpoint value does not inflate: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

/**
 * A serializer around LangGraph's own (`inner`, JSON with LangChain objects revived) that deflates the
 * values `compress` names when their JSON is at least 256 bytes and the frame is smaller. Every JSON
 * value it writes is typed `FRAMED_JSON_TYPE`, compressed or not, because SqliteSaver requires the
 * checkpoint and its metadata to share one type. It reads LangGraph's own types (`json`, `bytes`: what
 * Waybill wrote before, and what the default savers write) through `inner` unchanged. `location` (redacted)
 * names the store in its errors.
 */
export function compressedSerde(inner: Serde, compress: CompressedValues, location: string): Serde {
  const wanted = compress === 'checkpoint' ? isCheckpoint : Array.isArray;
  return {
    async dumpsTyped(value: unknown): Promise<[string, Uint8Array]> {
      const [type, bytes] = await inner.dumpsTyped(value);
      if (type !== 'json') return [type, bytes];
      return [FRAMED_JSON_TYPE, bytes.length >= MIN_COMPRESSED_BYTES && wanted(value) ? framed(bytes) : bytes];
    },
    async loadsTyped(type: string, data: Uint8Array | string): Promise<unknown> {
      if (type !== FRAMED_JSON_TYPE) return inner.loadsTyped(type, data);
      return inner.loadsTyped('json', framedJsonText(data, location));
    },
  };
}
