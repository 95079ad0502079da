import { describe, expect, it } from "vitest";
import { RESULT_FIELDS, signFields, verifiedFields } from "~/modules/payment/card/card-signature.server";

/** Card gateway signatures (decision 0012): HMAC-SHA256 over the named fields, checked in constant time. */
const secret = "unit-test-card-secret-0123456789";
const fields = { orderId: "7", orderRef: "2026-000007", amount: "12355", currency: "EUR", outcome: "success", reference: "tp-1" };

describe("card signatures", () => {
  it("accepts the fields it signed and refuses a changed field, a missing signature or another secret", () => {
    const signature = signFields(fields, RESULT_FIELDS, secret);
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    expect(verifiedFields(new URLSearchParams({ ...fields, signature }), RESULT_FIELDS, secret)).toEqual(fields);
    expect(verifiedFields({ ...fields, amount: "1", signature }, RESULT_FIELDS, secret)).toBeNull();
    expect(verifiedFields({ ...fields }, RESULT_FIELDS, secret)).toBeNull();
    expect(verifiedFields({ ...fields, signature: "zz" }, RESULT_FIELDS, secret)).toBeNull();
    expect(verifiedFields({ ...fields, signature }, RESULT_FIELDS, "another-secret-0123456789")).toBeNull();
    expect(verifiedFields({ ...fields, signature }, RESULT_FIELDS, null)).toBeNull();
  });
});
