import { describe, expect, it } from "vitest";
import { auditFieldLabel, auditValueText, humanise, type AuditFormat } from "~/components/admin/audit-values";
import { translatorFor } from "~/lib/messages.server";
import type { Locale } from "~/lib/locales";

const EUR = { label: "EUR", symbol: "€" };
const NBSP = "\u00a0";
const format = (locale: Locale): AuditFormat => ({ t: translatorFor(locale).t, locale, currency: EUR });

describe("an audit row in the owner's words", () => {
  it("names known fields in the reader's language and any other in plain words, never camelCase", () => {
    expect(auditFieldLabel("priceCents", format("hr"))).toBe("Cijena");
    expect(auditFieldLabel("priceCents", format("de"))).toBe("Preis");
    expect(auditFieldLabel("someNewFieldCents", format("hr"))).toBe("Some new field");
    expect(auditFieldLabel("hrv", format("hr"))).toBe("Hrvatski");
    expect(humanise("SiteMapOptions")).toBe("Site map options");
    expect(humanise("trackingUrl")).toBe("Tracking url");
  });

  it("writes money, percentages, days, moments and yes/no as the shop does", () => {
    const hr = format("hr");
    expect(auditValueText("product", "priceCents", 1250, hr)).toBe(`12,50${NBSP}EUR`);
    expect(auditValueText("product", "taxRateBp", 2500, hr)).toBe(`25${NBSP}%`);
    expect(auditValueText("coupon", "validFrom", "2026-03-02", hr)).toBe("02. 03. 2026.");
    expect(auditValueText("order", "shippedAt", "2026-06-30T22:15:00.000Z", hr)).toBe("01. 07. 2026. 00:15");
    expect(auditValueText("product", "visible", true, hr)).toBe("Da");
    expect(auditValueText("product", "visible", false, format("en"))).toBe("No");
    expect(auditValueText("order", "carrier", null, hr)).toBe("—");
    expect(auditValueText("order", "mailId", 12345, hr)).toBe("12345");
  });

  it("names each entity's states with its screens' labels, and the shop's words (queued, anonymous)", () => {
    const hr = format("hr");
    expect(auditValueText("order", "status", "shipped", hr)).toBe("Poslana");
    expect(auditValueText("order", "paymentStatus", "paid", hr)).toBe("Plaćeno");
    expect(auditValueText("mail", "status", "queued", hr)).toBe("U redu čekanja");
    expect(auditValueText("enquiry", "status", "answered", hr)).toBe("Odgovoren");
    expect(auditValueText("submission", "userType", "anonymous", hr)).toBe("Anonimni posjetitelj");
    expect(auditValueText("anything", "actor", "anonymous", hr)).toBe("Posjetitelj");
    // What someone wrote stays as written, even when it is one of the shop's words.
    expect(auditValueText("order", "note", "sent", hr)).toBe("sent");
    expect(auditValueText("settings", "CopyrightText", { hr: "© Alu Krov", en: "© Alu Roof" }, hr)).toBe(
      "Hrvatski: © Alu Krov; Engleski: © Alu Roof",
    );
  });
});
