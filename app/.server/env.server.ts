import { randomBytes } from "node:crypto";
import { z } from "zod/v4";

/** "https://shop.example.com": http(s), no path, query or fragment. */
function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return /^https?:$/.test(url.protocol) && !url.search && !url.hash && !url.username && !url.password;
  } catch {
    return false;
  }
}

function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return /^https?:$/.test(url.protocol) && url.pathname === "/" && !url.search && !url.hash;
  } catch {
    return false;
  }
}

/**
 * The environment, read and validated once. Everything else imports `env` from here
 * instead of touching process.env, so a wrong value fails at start, not mid-request.
 */
const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000), // 0: any free port
  DATA_DIR: z.string().default("./data"),
  // An in-memory database (DATA_DIR=memory://) starts as a copy of this PGlite dump
  // (a `dumpDataDir` tarball) instead of empty: the test suite migrates and seeds one
  // database per run and gives each test file its own copy (tests/setup/test-database.ts).
  PGLITE_SNAPSHOT: z.string().optional(),
  DATABASE_URL: z.string().url().optional(),
  // How long a request waits for a PostgreSQL connection (a new one, or a free one of the
  // pool) before it is answered 503 (decision 0090).
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  // On SIGTERM/SIGINT, how long requests already started may take to finish before their
  // connections are closed and the process stops (decision 0090).
  DRAIN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  REDIS_URL: z.string().url().optional(),
  SMTP_URL: z.string().optional(),
  // Sender of the shop's mails when SMTP_URL is set.
  MAIL_FROM: z.string().default("Alu Krov <no-reply@localhost>"),
  // How long a mail claimed by the relay is left to the process sending it before another
  // takes it over (decision 0089): longer than one SMTP conversation can last.
  MAIL_LEASE_SECONDS: z.coerce.number().int().min(5).default(600),
  // reCAPTCHA v2 invisible on public forms (spec §9 captcha defaults); without them the honeypot alone guards them.
  RECAPTCHA_SITE_KEY: z.string().optional(),
  RECAPTCHA_SECRET_KEY: z.string().optional(),
  // Comma-separated list: the first signs new cookies, the others are still accepted (rotation).
  SESSION_SECRET: z.string().min(16).optional(),
  HONEYPOT_SEED: z.string().min(16).optional(),
  // The largest backoffice post (bytes; app/.server/http/body-limit.server.ts). Browser tests
  // lower it to test the refusal with small files; production keeps the default.
  ADMIN_UPLOAD_BODY_LIMIT: z.coerce
    .number()
    .int()
    .min(1024 * 1024)
    .default(64 * 1024 * 1024),
  // Raise for load tests and browser suites that post many forms from one address.
  RATE_LIMIT_POINTS: z.coerce.number().int().positive().default(120),
  RATE_LIMIT_AUTH_POINTS: z.coerce.number().int().positive().default(20),
  // The shop's public origin (DESIGN.md "Trust boundaries"): every absolute URL (mails,
  // sitemap, canonical and hreflang links, payment callbacks) is built from it, never from
  // the request's Host or X-Forwarded-* headers. Required in production; elsewhere
  // http://localhost:$PORT. `npm start` (the demo) sets the local one.
  PUBLIC_URL: z.string().url().refine(isOrigin, "an http(s) origin without a path, e.g. https://shop.example.com").optional(),
  // A separate front end that uses the API (decision 0127): registrations and resends made
  // through the API mail `${FRONTEND_URL}/verify?token=…`. Optional; unset, the shop's own link.
  FRONTEND_URL: z
    .string()
    .url()
    .refine(isHttpUrl, "an absolute http(s) URL without query or fragment, e.g. https://app.example.com")
    .transform((value) => value.replace(/\/+$/, ""))
    .optional(),
  // Proxies whose X-Forwarded-For/-Host/-Proto are believed (decision 0032): a comma-separated
  // list of addresses, CIDR ranges or Express's names (loopback, linklocal, uniquelocal).
  // Unset: none; the headers of any other peer are dropped before anything reads them.
  TRUST_PROXY: z
    .string()
    .default("")
    .transform((value) =>
      value
        .split(",")
        .map((entry) => entry.trim())
        .filter(Boolean),
    ),
  // Other sites whose browsers may call the headless API (/api/v1, /api/v2; decision 0057):
  // a comma-separated list of origins (https://app.example.com). Unset: only the shop's own.
  API_CORS_ORIGINS: z
    .string()
    .default("")
    .transform((value) =>
      value
        .split(",")
        .map((entry) => entry.trim().replace(/\/$/, ""))
        .filter(Boolean),
    ),
  // Seed the demo catalogue on an empty database (on by default; "false" keeps an empty shop).
  SEED_DEMO: z.enum(["true", "false"]).default("true"),
  // Card payments (decision 0012): the secret shared with the provider signs redirects and
  // callbacks; outside production a development default stands in (app/modules/payment/card).
  PAYMENT_CARD_SECRET: z.string().min(16).optional(),
  // The provider's payment page; unset, the built-in test provider is used where it is on.
  PAYMENT_CARD_PROVIDER_URL: z.string().url().optional(),
  // The built-in test payment provider (/test-payment-provider): on by default outside
  // production, "true" turns it on for demos and browser tests (docs/decisions/0072).
  PAYMENT_TEST_PROVIDER: z.enum(["true", "false"]).optional(),
  // Fiscalisation of invoices paid in cash or by card (decision 0104): "none" prints no
  // codes, "test" is the built-in stand-in that makes ZKI and JIR here (the default outside
  // production). A real tax-office provider registers itself under its own name.
  FISCAL_PROVIDER: z
    .string()
    .regex(/^[a-z][a-zA-Z0-9]{0,30}$/)
    .optional(),
  // Dev tooling (decision 0062; never in production): the GitLab instance the
  // release checks ask (REST v4), an access token for a private project, and the project when
  // the site option GitlabProjectId is unset. Tests and browser tests point GITLAB_URL at a stub.
  GITLAB_URL: z.string().url().default("https://gitlab.com"),
  GITLAB_TOKEN: z.string().max(200).optional(),
  GITLAB_PROJECT_ID: z.string().max(255).optional(),
});

export type Env = Omit<z.infer<typeof schema>, "PUBLIC_URL"> & { SESSION_SECRETS: string[]; HONEYPOT_SEED: string; PUBLIC_URL: string };

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
  if (value.NODE_ENV === "production" && !value.PUBLIC_URL) {
    throw new Error(
      "PUBLIC_URL must be set in production: the shop's public origin, e.g. PUBLIC_URL=https://shop.example.com " +
        "(links in mails, the sitemap, canonical links and payment callbacks are built from it; `npm start` sets http://localhost:$PORT).",
    );
  }
  // Development: a generated secret per process is fine, sessions simply end on restart.
  const secret = value.SESSION_SECRET ?? devSecret("SESSION_SECRET");
  return {
    ...value,
    // The origin alone, without the trailing slash: links are `${PUBLIC_URL}/path`.
    PUBLIC_URL: new URL(value.PUBLIC_URL ?? `http://localhost:${value.PORT}`).origin,
    SESSION_SECRETS: secret
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
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
