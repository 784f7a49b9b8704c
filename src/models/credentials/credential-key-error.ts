/**
 * A stored credential cannot be sealed or opened: the key file is missing or malformed, or the value was
 * sealed under a key this process does not hold. Its message never carries the credential.
 */
export class CredentialKeyError extends Error {
  override readonly name = 'CredentialKeyError';
  readonly code = 'CREDENTIAL_KEY';

  static isInstance(value: unknown): value is CredentialKeyError {
    return value instanceof Error && value.name === 'CredentialKeyError';
  }
}
