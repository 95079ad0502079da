import { and, eq, inArray, or, ne } from "drizzle-orm";
import { getDb } from "~/.server/db/client.server";
import { media } from "~/.server/db/schema";
import { focalPointOf, type FocalPoint } from "~/lib/focal-point";
import type { MediaRef } from "~/lib/media";

/**
 * The focal points (decision 0125) of public pictures by drive id, for a section that crops
 * them. Pages keep a copy of the picture's reference, so the point is read now: a change
 * in the library shows at once (its `dataChanged("media")` clears the pages' caches).
 * Pictures centred (50/50) are left out, as are files that are gone or private.
 */
export async function focalPoints(driveIds: readonly string[]): Promise<Map<string, FocalPoint>> {
  if (driveIds.length === 0) return new Map();
  const db = await getDb();
  const rows = await db
    .select({ driveId: media.driveId, focalX: media.focalX, focalY: media.focalY })
    .from(media)
    .where(and(inArray(media.driveId, [...new Set(driveIds)]), eq(media.access, "public"), or(ne(media.focalX, 50), ne(media.focalY, 50))));
  return new Map(
    rows.flatMap((row) => {
      const point = focalPointOf(row);
      return point ? [[row.driveId, point] as const] : [];
    }),
  );
}

/** The pictures with their focal points, for a section that crops them. */
export async function withFocalPoints<T extends MediaRef>(images: readonly T[]): Promise<T[]> {
  const points = await focalPoints(images.map((image) => image.driveId));
  return images.map((image) => {
    const point = points.get(image.driveId);
    return point ? { ...image, focalPoint: point } : image;
  });
}
