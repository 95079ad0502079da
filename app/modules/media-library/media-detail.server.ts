import { eq } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import { media } from "~/.server/db/schema";
import { LOCALES } from "~/lib/locales";
import { inLibrary } from "./library-scope.server";
import { mediaUsage, usageCount, usagePlaces } from "./media-usage.server";

/**
 * One media row for its page (/admin/media/:id): the form's values per language (an old
 * row without per-language texts shows its single title and description as Croatian),
 * the file's facts, and where it is used (counted per kind, and the places by name).
 */
export async function mediaDetail(id: number, languageCode = "hrv") {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(media)
    .where(inLibrary(eq(media.id, id)));
  if (!row) return null;
  const [usages, places] = await Promise.all([mediaUsage([id]), usagePlaces(id, languageCode)]);
  const usage = usages.get(id)!;
  const texts = Object.fromEntries(
    LOCALES.map((l) => [
      l,
      {
        title: row.titles[l] ?? (l === "hr" ? row.title : ""),
        alt: row.alt[l] ?? "",
        description: row.descriptions[l] ?? (l === "hr" ? row.description : ""),
        displayName: row.displayNames[l] ?? "",
      },
    ]),
  );
  return {
    id: row.id,
    driveId: row.driveId,
    version: row.version,
    revision: row.revision,
    title: row.titles.hr || row.title,
    originalName: row.originalName,
    mime: row.mime,
    extension: row.extension,
    size: row.size,
    width: row.width,
    height: row.height,
    access: row.access,
    hash: row.hash,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    usage,
    used: usageCount(usage),
    places,
    focalPoint: { x: row.focalX, y: row.focalY },
    form: {
      access: row.access,
      folderId: row.folderId ? String(row.folderId) : "",
      texts,
      focalX: String(row.focalX),
      focalY: String(row.focalY),
    },
  };
}
export type MediaDetail = NonNullable<Awaited<ReturnType<typeof mediaDetail>>>;

/** A library file's original for its download (/admin/media/:id/file); null when the library has no such file. */
export async function libraryFile(id: number) {
  const db = await getDb();
  const [row] = await db
    .select({ path: media.path, mime: media.mime, name: media.originalName, size: media.size })
    .from(media)
    .where(inLibrary(eq(media.id, id)));
  return row ?? null;
}

/** The library row of a driveId (the id the API and the URLs show; the serial id stays on the server); null when none. */
export async function libraryMediaId(driveId: string): Promise<number | null> {
  const db = await getDb();
  const [row] = await db
    .select({ id: media.id })
    .from(media)
    .where(inLibrary(eq(media.driveId, driveId)));
  return row?.id ?? null;
}
