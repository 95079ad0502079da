import { describe, expect, it } from "vitest";
import { DomainError, hasErrorCode, isDomainError } from "~/.server/domain-error";
import { AddressFieldError } from "~/modules/account/addresses.server";

describe("DomainError", () => {
  it("carries a stable code beside the spec's message, the locale key, the status and the field", () => {
    const error = new DomainError("consentRequired", {
      message: "Required consents were not accepted",
      key: "core.notifications.consentRequired",
      field: "consents",
    });
    expect(error.code).toBe("consentRequired");
    expect(error.message).toBe("Required consents were not accepted");
    expect(error.key).toBe("core.notifications.consentRequired");
    expect(error.status).toBe(400);
    expect(error.field).toBe("consents");
    expect(isDomainError(error)).toBe(true);
  });

  it("is told apart by code, whatever its message says", () => {
    const archived = new DomainError("cartArchived", {
      message: "Cart is archived.",
      key: "core.notifications.cartUpdateError",
      status: 409,
    });
    const used = new DomainError("cartSessionUsed", {
      message: "Session already used.",
      key: "core.notifications.cartUpdateError",
      status: 409,
    });
    expect(hasErrorCode(archived, "cartArchived")).toBe(true);
    expect(hasErrorCode(used, "cartArchived")).toBe(false);
    expect(hasErrorCode(used, "cartArchived", "cartSessionUsed")).toBe(true);
    expect(hasErrorCode(new Error("cartArchived"), "cartArchived")).toBe(false);
  });

  it("an address refusal names the posted field it belongs to", () => {
    const error = new AddressFieldError("delivery.country", "account.validation.country");
    expect(error.code).toBe("invalidAddressField");
    expect(error.field).toBe("delivery.country");
    expect(error.key).toBe("account.validation.country");
  });
});
