import { randomBytes } from "node:crypto";
import { z } from "zod";

/**
 * The environment, read and validated once. Everything else imports `env` from here
 * instead of touching process.env, so a wrong value fails at start, not mid-request.
 */
const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000), // 0: any free port
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  SMTP_URL: z.string().optional(),
  // Sender of the shop's mails when SMTP_URL is set.
  MAIL_FROM: z.string().default("Alu Krov <no-reply@localhost>"),
  // reCAPTCHA v2 invisible on public forms (spec §9 captcha defaults); without them the honeypot alone guards them.
  RECAPTCHA_SITE_KEY: z.string().optional(),
  RECAPTCHA_SECRET_KEY: z.string().optional(),
  // Comma-separated list: the first signs new cookies, the others are still accepted (rotation).
  SESSION_SECRET: z.string().min(16).optional(),
  HONEYPOT_SEED: z.string().min(16).optional(),
  // Raise for load tests and browser suites that post many forms from one address.
  RATE_LIMIT_POINTS: z.coerce.number().int().positive().default(120),
  RATE_LIMIT_AUTH_POINTS: z.coerce.number().int().positive().default(20),
  // Public origin, used for absolute links in sitemap and e-mails when set.
  PUBLIC_URL: z.string().url().optional(),
  // Seed the demo catalogue on an empty database (on by default; "false" keeps an empty shop).
  SEED_DEMO: z.enum(["true", "false"]).default("true"),
  // Card payments (issue 6 item 3): the secret shared with the provider signs redirects and
  // callbacks; outside production a development default stands in (app/modules/payment/card).
  PAYMENT_CARD_SECRET: z.string().min(16).optional(),
  // The provider's payment page; unset, the built-in test provider is used where it is on.
  PAYMENT_CARD_PROVIDER_URL: z.string().url().optional(),
  // The built-in test payment provider (/test-payment-provider): on by default outside
  // production, "true" turns it on for demos and browser tests (docs/decisions/0012).
  PAYMENT_TEST_PROVIDER: z.enum(["true", "false"]).optional(),
});

export type Env = z.infer<typeof schema> & { SESSION_SECRETS: string[]; HONEYPOT_SEED: string };

export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  // An exported but empty variable (DATABASE_URL=) means "not set".
  const present = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ""));
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  const value = parsed.data;
  // Spec §8: a half-configured captcha is a setup error, found at start rather than on the first enquiry.
  if (Boolean(value.RECAPTCHA_SITE_KEY) !== Boolean(value.RECAPTCHA_SECRET_KEY)) {
    throw new Error("ReCaptcha setup error: set both RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET_KEY, or neither.");
  }
  if (value.NODE_ENV === "production" && !value.SESSION_SECRET) {
    throw new Error("SESSION_SECRET must be set in production (at least 16 characters; comma-separate to rotate).");
  }
  // Development: a generated secret per process is fine, sessions simply end on restart.
  const secret = value.SESSION_SECRET ?? devSecret("SESSION_SECRET");
  return {
    ...value,
    SESSION_SECRETS: secret.split(",").map((s) => s.trim()).filter(Boolean),
    // The honeypot seed must be stable across restarts or forms rendered before a restart fail.
    HONEYPOT_SEED: value.HONEYPOT_SEED ?? secret.split(",")[0],
  };
}

function devSecret(name: string): string {
  const g = globalThis as unknown as Record<string, string>;
  const key = `__generated_${name}`;
  g[key] ??= randomBytes(32).toString("hex");
  return g[key];
}

export const env: Env = readEnv();
export const isProduction = env.NODE_ENV === "production";
