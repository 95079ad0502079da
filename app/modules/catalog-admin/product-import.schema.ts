import { z } from "zod/v4";
import { text } from "~/lib/schema-fields";

/**
 * The product import's two steps (decision 0047): the dry run posts the file (multipart,
 * field `file`, read apart from the schema); "apply" posts only the token of the file the
 * server kept (its SHA-256), never the diff the page shows.
 */
export const productImportSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("dryRun") }),
  z.object({ intent: z.literal("apply"), token: text({ max: 64, required: true }) }),
]);
