/**
 * A broken business rule. It carries
 * - `code`: a stable name of the rule ("cartArchived", "consentRequired"). Routes and the
 *   JSON API decide by the code, never by comparing message text or locale keys, so a
 *   reworded message or a moved translation changes no behaviour;
 * - `message`: the spec's own words ("Cart is archived.", "Unknown username or password!"),
 *   what logs and the JSON API show;
 * - `key` (+ `values`): the locale key the interface shows for it;
 * - `status`: the HTTP status of the answer;
 * - `field`: the posted field the refusal belongs to, when it belongs to one, so that a
 *   form shows it next to that field ("consents", "delivery.country").
 * Routes turn it into a toast or a field error, never a 500.
 */
export type DomainErrorOptions = {
  message: string;
  key: string;
  status?: number;
  field?: string;
  /** Placeholders of the message at `key` (a field label, an amount). */
  values?: Record<string, string | number>;
};

export class DomainError extends Error {
  readonly key: string;
  readonly status: number;
  readonly field?: string;
  readonly values?: Record<string, string | number>;

  constructor(
    readonly code: string,
    { message, key, status = 400, field, values }: DomainErrorOptions,
  ) {
    super(message);
    this.name = "DomainError";
    this.key = key;
    this.status = status;
    this.field = field;
    this.values = values;
  }
}

export function isDomainError(error: unknown): error is DomainError {
  return error instanceof DomainError;
}

/** True when `error` is a DomainError with one of `codes`. */
export function hasErrorCode(error: unknown, ...codes: string[]): error is DomainError {
  return error instanceof DomainError && codes.includes(error.code);
}
