import { DomainError } from "~/.server/domain-error";

/**
 * Optimistic concurrency (DESIGN.md "One edit pattern"): every backoffice form posts the
 * `version` of the row it showed; the service locks the row (SELECT ... FOR UPDATE),
 * refuses the change when the version moved on (someone else saved in between: nothing
 * is overwritten, the screen says so and shows the current data) and writes
 * `version + 1` with its change.
 */
export function checkVersion(current: number, posted: number): void {
  if (current !== posted) {
    throw new DomainError("staleEdit", { message: "The record was changed by someone else", key: "admin.staleEdit", status: 409 });
  }
}
