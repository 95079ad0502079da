import { execFileSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { ensureFreshBuild, sourceHash } from "../../scripts/build-freshness.mjs";

const root = path.resolve(import.meta.dirname, "../..");

/** What each test file copies its database and media files from (tests/setup/integration-env.ts). */
export type TestDatabase =
  { kind: "pglite"; snapshot: string; media: string } | { kind: "postgres"; serverUrl: string; template: string; media: string };

declare module "vitest" {
  export interface ProvidedContext {
    testDatabase: TestDatabase;
  }
}

/**
 * Once per run and project: the production build is fresh, and one database is migrated and
 * seeded for every test file to copy (about 2 s per file instead of 13 for a fresh PGlite,
 * its 29 migrations and the seed). PGlite: a dump kept under .cache/test-db, rebuilt when the
 * sources or migrations change. PostgreSQL: a template database for `CREATE DATABASE …
 * TEMPLATE`, dropped after the run.
 */
export default async function setup(project: TestProject) {
  ensureFreshBuild(root);
  const serverUrl = project.config.env?.DATABASE_URL ?? process.env.DATABASE_URL;
  if (serverUrl) {
    const { template, media, drop } = await postgresTemplate(serverUrl);
    project.provide("testDatabase", { kind: "postgres", serverUrl, template, media });
    return drop;
  }
  project.provide("testDatabase", pgliteTemplate());
}

function buildTemplate(kind: "pglite" | "postgres", target: string, media: string) {
  execFileSync(process.execPath, ["--import", "tsx", path.join(root, "tests/setup/test-database.ts"), kind, target], {
    cwd: root,
    stdio: "inherit",
    env: {
      ...process.env,
      NODE_ENV: "test",
      SESSION_SECRET: "integration-test-secret-0123456789",
      DATA_DIR: "memory://",
      DATABASE_URL: "",
      MEDIA_DIR: media,
    },
  });
}

function pgliteTemplate(): TestDatabase {
  const migrations = readdirSync(path.join(root, "drizzle"), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
  const hash = createHash("sha256").update(sourceHash(root));
  for (const file of [...migrations, path.join(root, "tests/setup/test-database.ts")]) hash.update(file).update(readFileSync(file));
  const dir = path.join(root, ".cache/test-db", `pglite-${hash.digest("hex").slice(0, 16)}`);
  if (!existsSync(path.join(dir, "pgdata.tar"))) {
    // Built beside and renamed into place, so a run started at the same time never sees half of it.
    mkdirSync(path.dirname(dir), { recursive: true });
    const draft = mkdtempSync(`${dir}.draft-`);
    buildTemplate("pglite", draft, path.join(draft, "media"));
    mkdirSync(path.join(draft, "media"), { recursive: true });
    try {
      renameSync(draft, dir);
    } catch {
      rmSync(draft, { recursive: true, force: true }); // another run was first
    }
    for (const old of readdirSync(path.dirname(dir))) {
      const full = path.join(path.dirname(dir), old);
      if (full !== dir && !old.includes(".draft-")) rmSync(full, { recursive: true, force: true });
    }
  }
  return { kind: "pglite", snapshot: path.join(dir, "pgdata.tar"), media: path.join(dir, "media") };
}

async function postgresTemplate(serverUrl: string) {
  const { default: pg } = await import("pg");
  const template = `shop_template_${process.pid}_${randomBytes(4).toString("hex")}`;
  const run = async (sql: string) => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(sql);
    } finally {
      await admin.end();
    }
  };
  await run(`CREATE DATABASE ${template}`);
  const media = mkdtempSync(path.join(os.tmpdir(), "shop-template-media-"));
  const url = new URL(serverUrl);
  url.pathname = `/${template}`;
  buildTemplate("postgres", url.toString(), media);
  return {
    template,
    media,
    drop: async () => {
      await run(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      rmSync(media, { recursive: true, force: true });
    },
  };
}
