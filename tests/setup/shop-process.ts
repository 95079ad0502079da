import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { cpSync, mkdirSync, readFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { Visitor } from "./client";
import type { Shop } from "./shop";

/**
 * The production server (build/server.js, as `npm start` runs it) as a process of its own on
 * a data directory the test chooses, and the backup and restore scripts beside it
 * (tests/integration/backup-restore.test.ts, data-dir-lock.test.ts).
 */
const root = path.resolve(import.meta.dirname, "../..");

export type ShopProcess = {
  origin: string;
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  /** A browser with its own cookie jar talking to this process over HTTP. */
  visitor: () => Visitor;
  stop: () => Promise<number | null>;
};

/** A port nobody listens on now: PUBLIC_URL must name the port before the process starts. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The environment of a production shop process on `dataDir` (PGlite) or `databaseUrl`. */
export function shopEnv({
  dataDir,
  mediaDir,
  databaseUrl,
}: {
  dataDir: string;
  mediaDir?: string;
  databaseUrl?: string;
}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: "production",
    SESSION_SECRET: "shop-process-test-secret-0123456789",
    DATA_DIR: dataDir,
    MEDIA_DIR: mediaDir ?? "",
    DATABASE_URL: databaseUrl ?? "",
    PGLITE_SNAPSHOT: "",
    REDIS_URL: "",
    SMTP_URL: "",
    TRUST_PROXY: "",
  };
}

/** Starts build/server.js with `env`; resolves once it answers /healthz, rejects if it exits first. */
export async function startShopProcess(env: NodeJS.ProcessEnv, timeoutMs = 90_000): Promise<ShopProcess> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(root, "build/server.js")], {
    cwd: root,
    env: { ...env, PORT: String(port), PUBLIC_URL: origin },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  let gone: number | null | undefined;
  void exited.then((code) => (gone = code));
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (gone !== undefined) throw new Error(`The shop exited with ${gone}:\n${output}`);
    if (Date.now() > until) {
      child.kill("SIGKILL");
      throw new Error(`The shop did not start:\n${output}`);
    }
    try {
      if ((await fetch(`${origin}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    origin,
    child,
    output: () => output,
    exited,
    visitor: () => new Visitor({ handle: (request: Request) => fetch(request) } as unknown as Shop, origin),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
}

/** Runs scripts/<name>.mjs (backup, restore) as `npm run <name>` does, with `env`. */
export function runScript(name: "backup" | "restore", args: string[], env: NodeJS.ProcessEnv) {
  const result = spawnSync(process.execPath, [path.join(root, "scripts", `${name}.mjs`), ...args], {
    cwd: root,
    env,
    encoding: "utf8",
    timeout: 180_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/**
 * A PGlite data directory holding the suite's seeded database (the dump the global setup
 * made, tests/setup/integration-global.ts) and its media files: a shop starts on it without
 * migrating or seeding.
 */
export async function seededDataDir(dataDir: string, template: { snapshot: string; media: string }) {
  const { PGlite } = await import("@electric-sql/pglite");
  const { unaccent } = await import("@electric-sql/pglite/contrib/unaccent");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: path.join(dataDir, "pgdata"),
    loadDataDir: new Blob([readFileSync(template.snapshot)]),
    extensions: { unaccent, pg_trgm },
  });
  await client.close();
  cpSync(template.media, path.join(dataDir, "media"), { recursive: true });
}
