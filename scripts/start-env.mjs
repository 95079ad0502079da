// The environment `npm start` and `npm run start:workers` give the production build when the
// operator set none (the demo start), and the freshness check of the build both run first.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "..");

/**
 * Without NODE_ENV, the demo start: production mode with a secret kept in the data directory.
 * A real deployment sets NODE_ENV=production, SESSION_SECRET and PUBLIC_URL itself and gets
 * none of the defaults.
 */
export function applyDemoDefaults() {
  if (process.env.NODE_ENV) return;
  process.env.NODE_ENV = "production";
  process.env.SESSION_SECRET ||= keptSecret(".session-secret");
  // Card payments in the demo (decision 0031): the built-in test provider plays the bank,
  // with a card secret kept beside the session secret. A real shop sets PAYMENT_CARD_SECRET
  // and PAYMENT_CARD_PROVIDER_URL and leaves the test provider off.
  if (!process.env.PAYMENT_CARD_PROVIDER_URL) process.env.PAYMENT_TEST_PROVIDER ||= "true";
  process.env.PAYMENT_CARD_SECRET ||= keptSecret(".card-secret");
  // Absolute links (mails, sitemap, payment callbacks) point at this machine (decision 0032).
  process.env.PUBLIC_URL ||= `http://localhost:${process.env.PORT || 3000}`;
}

/** A random secret kept in the data directory, so that it survives restarts. */
function keptSecret(name) {
  const dataDir = path.resolve(root, process.env.DATA_DIR ?? "data");
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, name);
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString("hex"), { mode: 0o600 });
  return readFileSync(file, "utf8").trim();
}
