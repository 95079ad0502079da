import { and, eq, inArray } from "drizzle-orm";
import { DomainError } from "~/.server/domain-error";
import { getDb } from "~/.server/db/client.server";
import { options, sites } from "~/.server/db/schema";
import { recordAudit } from "~/modules/kernel/audit.server";
import { dataChanged } from "~/modules/kernel/cache-impact.server";
import type { Staff } from "~/modules/kernel/staff.server";
import { SITE_ID } from "~/modules/kernel/options";

/**
 * The dev tooling's domains (spec §3 Domain: name, url; §7 get-domain / set-domain;
 * decision 0062): the list is the site option `Domains`, and the domain a developer's
 * shop stands in for is the option `DevDomain`, so it survives a restart and every
 * process of the shop sees the same. Without the option the list is made from the site
 * row (its address and the splash domain).
 */
export const DOMAINS_OPTION = "Domains";
export const DEV_DOMAIN_OPTION = "DevDomain";

export type DevDomain = { name: string; url: string; domain: string };

function hostOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return /^https?:$/.test(parsed.protocol) ? parsed.hostname.toLowerCase() : null;
  } catch {
    return null;
  }
}

function asDomains(value: unknown): DevDomain[] | null {
  if (!Array.isArray(value)) return null;
  const list: DevDomain[] = [];
  for (const entry of value.slice(0, 100)) {
    const { name, url } = (entry ?? {}) as { name?: unknown; url?: unknown };
    if (typeof url !== "string") continue;
    const domain = hostOf(url);
    if (!domain || list.some((d) => d.domain === domain)) continue;
    list.push({ name: typeof name === "string" && name.trim() ? name.trim().slice(0, 200) : domain, url, domain });
  }
  return list;
}

/** The domain list (records name, url; for the change-domain dialog and a domain/filter endpoint). */
export async function listDomains(): Promise<DevDomain[]> {
  const db = await getDb();
  const [row] = await db
    .select({ value: options.value })
    .from(options)
    .where(and(eq(options.siteId, SITE_ID), eq(options.key, DOMAINS_OPTION)));
  const configured = asDomains(row?.value);
  if (configured) return configured;
  const [site] = await db
    .select({ name: sites.name, url: sites.url, forcedDomain: sites.forcedDomain })
    .from(sites)
    .where(eq(sites.id, SITE_ID));
  if (!site) return [];
  return (
    asDomains([
      { name: site.name, url: site.url },
      ...(site.forcedDomain ? [{ name: site.forcedDomain, url: `https://${site.forcedDomain}` }] : []),
    ]) ?? []
  );
}

/** The chosen dev domain, or null while none is chosen. */
export async function currentDomain(): Promise<string | null> {
  const db = await getDb();
  const [row] = await db
    .select({ value: options.value })
    .from(options)
    .where(and(eq(options.siteId, SITE_ID), eq(options.key, DEV_DOMAIN_OPTION)));
  return typeof row?.value === "string" && row.value ? row.value : null;
}

export const unknownDomain = (domain: string) =>
  new DomainError("unknownDomain", {
    message: "Domain is not in the domain list",
    key: "devTools.errors.unknownDomain",
    values: { domain },
    field: "domain",
    status: 400,
  });

/** Chooses the dev domain from the list (a host name, e.g. "intro.alu-krov.hr"); audited, the site context cleared. */
export async function setDomain(staff: Pick<Staff, "id" | "email">, domain: string): Promise<DevDomain> {
  const chosen = (await listDomains()).find((d) => d.domain === domain.toLowerCase());
  if (!chosen) throw unknownDomain(domain);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ value: options.value })
      .from(options)
      .where(and(eq(options.siteId, SITE_ID), inArray(options.key, [DEV_DOMAIN_OPTION])));
    await tx
      .insert(options)
      .values({ siteId: SITE_ID, key: DEV_DOMAIN_OPTION, value: chosen.domain })
      .onConflictDoUpdate({ target: [options.siteId, options.key], set: { value: chosen.domain } });
    await recordAudit(tx, staff, {
      entity: "settings",
      entityId: SITE_ID,
      action: "devDomain",
      before: { DevDomain: before?.value ?? null },
      after: { DevDomain: chosen.domain },
    });
  });
  await dataChanged("settings");
  return chosen;
}
