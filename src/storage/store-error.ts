/** Codes a store failure can carry; each names what the operator should do about it. */
export type StoreErrorCode = 'store_corrupt' | 'store_foreign' | 'store_version_unsupported' | 'store_unavailable';

/** A failure of the domain store itself (not of a caller's arguments); never shown to a model as-is. */
export class StoreError extends Error {
  override readonly name = 'StoreError';
  readonly code: StoreErrorCode;
  readonly location: string;

  constructor(code: StoreErrorCode, location: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
    this.location = location;
  }

  /** Works across duplicate package copies, where `instanceof` does not. */
  static isInstance(value: unknown): value is StoreError {
    return value instanceof Error && value.name === 'StoreError' && typeof (value as { code?: unknown }).code === 'string';
  }
}
