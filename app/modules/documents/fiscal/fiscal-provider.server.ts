import { createHash, randomUUID } from "node:crypto";
import { env, isProduction } from "~/.server/env.server";
import type { PaymentGateway } from "~/.server/db/schema";

/**
 * Fiscalisation of an invoice (Zakon o fiskalizaciji; decision 0104), behind one interface
 * like the card gateway's: the invoice module hands a provider the invoice's fiscal facts
 * and prints the codes it answers, the ZKI (the issuer's protective code) and the JIR (the
 * tax office's unique invoice identifier). Croatian rules ask it of invoices paid in
 * cash or by card, cash on delivery included; a bank transfer is not fiscalised.
 */
export type FiscalInvoice = {
  sellerOib: string;
  issuedAt: Date;
  /** The invoice's number parts: sequence / business premises / payment device. */
  sequence: number;
  premises: string;
  device: string;
  totalCents: number;
  paymentGateway: PaymentGateway;
};

export type FiscalCodes = { zki: string; jir: string | null };

export interface FiscalProvider {
  name: string;
  /** The codes for this invoice; null when this provider fiscalises nothing. Throws when the tax office refuses. */
  fiscalise(invoice: FiscalInvoice): Promise<FiscalCodes | null>;
}

/** Whether an invoice paid this way must be fiscalised (cash and cards; a bank transfer is not). */
export function needsFiscalisation(gateway: PaymentGateway): boolean {
  return gateway === "card" || gateway === "cashOnDelivery";
}

const none: FiscalProvider = { name: "none", fiscalise: async () => null };

/**
 * The built-in stand-in: a ZKI computed from the fields the real one signs (here an MD5 of
 * them, where the real one is the MD5 of their RSA signature with the shop's certificate)
 * and a random JIR, so that every screen and document can be shown and tested here.
 */
const test: FiscalProvider = {
  name: "test",
  async fiscalise(invoice) {
    const fields = [
      invoice.sellerOib,
      invoice.issuedAt.toISOString(),
      invoice.sequence,
      invoice.premises,
      invoice.device,
      (invoice.totalCents / 100).toFixed(2),
    ].join("");
    return { zki: createHash("md5").update(fields).digest("hex"), jir: randomUUID() };
  },
};

const providers = new Map<string, FiscalProvider>([
  [none.name, none],
  [test.name, test],
]);

/** A real provider (the tax office's service with the shop's certificate) registers itself at start-up. */
export function registerFiscalProvider(provider: FiscalProvider) {
  providers.set(provider.name, provider);
}

/** The configured provider: FISCAL_PROVIDER, else the test stand-in outside production and none in it. */
export function fiscalProvider(): FiscalProvider {
  const name = env.FISCAL_PROVIDER ?? (isProduction ? "none" : "test");
  const provider = providers.get(name);
  if (!provider) throw new Error(`No fiscalisation provider ${name}`);
  return provider;
}
