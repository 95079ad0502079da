import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { jsonDomainError } from "~/.server/http/domain-error.server";
import { data } from "@remix-run/node";
import { readForm } from "~/.server/security.server";
import { requireStaff } from "~/routes/http/staff.server";
import { storeUploads, UPLOAD_LIMITS } from "~/modules/media/media-upload.server";

/**
 * POST: pictures for an image field of a section panel (decision 0051), dropped or
 * chosen there: stored in the media library through storeUploads (types read from the
 * content, at most 20 at once) and answered as the media references a component stores.
 * GET: the limits the panel shows.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "editor");
  return { maxFiles: UPLOAD_LIMITS.files, maxBytes: UPLOAD_LIMITS.imageBytes };
}

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request, "editor");
  const form = await readForm(request);
  const files = form.getAll("files").filter((file): file is File => typeof file !== "string");
  try {
    const stored = await storeUploads(files, { kind: "image", staff });
    if (stored.length === 0)
      return data({ ok: false as const, error: { key: "editing.errors.noFile", values: {}, field: "files" } }, { status: 400 });
    return {
      ok: true as const,
      items: stored.map((row) => ({
        driveId: row.driveId,
        title: row.title,
        alt: (row.alt as Record<string, string>).hr ?? row.title,
        width: row.width,
        height: row.height,
        version: row.version,
      })),
    };
  } catch (error) {
    return jsonDomainError(error, "files");
  }
}
