/** A refused or failed call to the server: `status` is the HTTP status, `code` the API's error code. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}
