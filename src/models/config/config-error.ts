/** A configuration value that cannot work; the message names the variable and what it accepts. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  readonly code = 'config_invalid' as const;
  readonly variable: string;

  constructor(variable: string, message: string) {
    super(`${variable}: ${message}`);
    this.variable = variable;
  }

  static isInstance(value: unknown): value is ConfigError {
    return value instanceof Error && value.name === 'ConfigError';
  }
}
