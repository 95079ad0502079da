/**
 * A broken business rule, carrying the spec's own message ("Session doesn't exist",
 * "Cart is archived.", "Unknown username or password!") and the locale key the route
 * shows for it. Routes turn it into a toast or a field error, never a 500.
 */
export class DomainError extends Error {
  constructor(
    message: string,
    readonly key: string,
    readonly status = 400,
    /** Placeholders of the message at `key` (a field label, an amount). */
    readonly values?: Record<string, string | number>,
  ) {
    super(message);
    this.name = "DomainError";
  }
}

export function isDomainError(error: unknown): error is DomainError {
  return error instanceof DomainError;
}
