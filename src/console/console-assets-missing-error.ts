/** Thrown when the console's built assets are not where the server reads them: run `npm run build`. */
export class ConsoleAssetsMissingError extends Error {
  override readonly name = 'ConsoleAssetsMissingError';
  readonly code = 'console_assets_missing' as const;
  constructor(
    readonly path: string,
    options?: ErrorOptions,
  ) {
    super(`the console's built asset ${path} is missing; run npm run build`, options);
  }
}
