// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { I18nProvider } from "~/lib/i18n";
import { translatorFor } from "~/lib/messages.server";
import { BankTransferDetails } from "~/modules/payment/bank-transfer/bank-transfer-details";
import {
  bankTransferHtml,
  bankTransferText,
  hub3Barcode,
  type BankTransferInfo,
} from "~/modules/payment/bank-transfer/bank-transfer.server";

afterEach(cleanup);

/** The bank-transfer payment details for the success page, the order page and the e-mail (decision 0020). */
const info: BankTransferInfo = {
  recipientName: "Alu Krov d.o.o.",
  recipientAddress: "Industrijska ulica 12, 10410 Velika Gorica",
  iban: "HR17 2360 0001 1012 3456 5",
  model: "HR01",
  reference: "2026-000042",
  amount: "167,70\u00a0EUR",
  purposeCode: "OTHR",
  description: "Narudžba 2026-000042",
  barcode: "data:image/png;base64,iVBORw0KGgo=",
};

describe("BankTransferDetails", () => {
  it("shows recipient, IBAN, model, reference, amount, purpose and the barcode with its alt text", () => {
    render(
      <I18nProvider translator={translatorFor("hr")}>
        <BankTransferDetails info={info} />
      </I18nProvider>,
    );
    expect(screen.getByRole("heading")).toHaveTextContent("Podaci za uplatu");
    expect(screen.getByTestId("bank-transfer-recipient")).toHaveTextContent("Alu Krov d.o.o., Industrijska ulica 12, 10410 Velika Gorica");
    expect(screen.getByTestId("bank-transfer-iban")).toHaveTextContent("HR17 2360 0001 1012 3456 5");
    expect(screen.getByTestId("bank-transfer-model")).toHaveTextContent("HR01");
    expect(screen.getByTestId("bank-transfer-reference")).toHaveTextContent("2026-000042");
    expect(screen.getByTestId("bank-transfer-purpose")).toHaveTextContent("OTHR");
    expect(screen.getByRole("img", { name: "2D kod uplatnice (HUB-3) za mobilno bankarstvo" })).toHaveAttribute("src", info.barcode);
  });
});

describe("e-mail blocks", () => {
  const { t } = translatorFor("en");
  it("plain text lists every detail on its own line", () => {
    expect(bankTransferText(info, t)).toBe(
      [
        "Payment details",
        "Recipient: Alu Krov d.o.o., Industrijska ulica 12, 10410 Velika Gorica",
        "Recipient IBAN: HR17 2360 0001 1012 3456 5",
        "Model: HR01",
        "Reference: 2026-000042",
        "Amount: 167,70\u00a0EUR",
        "Purpose code: OTHR",
        "Description: Narudžba 2026-000042",
      ].join("\n"),
    );
  });

  it("HTML escapes the values and carries the barcode (a cid: source when the mail attaches it)", () => {
    const html = bankTransferHtml({ ...info, recipientName: "A & <B>" }, t, "cid:hub3");
    expect(html).toContain("A &amp; &lt;B&gt;");
    expect(html).toContain('<img src="cid:hub3" alt="Payment slip barcode (HUB-3) for mobile banking">');
  });
});

describe("HUB-3 barcode image", () => {
  it("is a PDF417 PNG drawn from the slip (Croatian letters included)", async () => {
    const uri = await hub3Barcode({
      amountCents: 16_770,
      currency: "EUR",
      payerName: "Ivana Kovačić",
      payerStreet: "Šetalište Žrtava 7",
      payerCity: "31400 Đakovo",
      recipientName: "Alu Krov d.o.o.",
      recipientStreet: "Industrijska ulica 12",
      recipientCity: "10410 Velika Gorica",
      iban: "HR1723600001101234565",
      model: "HR01",
      reference: "2026-000042",
      purposeCode: "OTHR",
      description: "Narudžba 2026-000042",
    });
    const png = Buffer.from(uri.replace(/^data:image\/png;base64,/, ""), "base64");
    expect(png.subarray(1, 4).toString()).toBe("PNG");
    // PDF417 is wide: 9 data columns plus start, stop and row indicators.
    expect(png.readUInt32BE(16)).toBeGreaterThan(png.readUInt32BE(20));
  });
});
