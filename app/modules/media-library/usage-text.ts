import type { TFunction } from "~/lib/i18n";

/**
 * "3 proizvoda, 1 stranica": where a media file is used, in the reader's language, for the
 * detail page, the list and the refusal of a delete (decision 0052). Isomorphic: the
 * server builds the refusal message with it, the pages their usage lines.
 */
export function usageText(t: TFunction, usage: Record<string, number>): string {
  return Object.entries(usage)
    .filter(([, count]) => count > 0)
    .map(([kind, count]) => t(`adminMedia.usage.kinds.${kind}`, { count }))
    .join(", ");
}
