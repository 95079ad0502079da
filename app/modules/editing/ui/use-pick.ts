import { useFetcher } from "@remix-run/react";
import { useEffect } from "react";
import type { PickItem } from "../pickers.server";

/**
 * The searchable list of a picker dialog (pages, posts, products, categories, tags in the
 * language being edited) from /admin/edit/pick, asked again 300 ms after the last key.
 */
export function usePick(kind: string, q: string, lng: string, enabled = true): { items: PickItem[]; loading: boolean } {
  const fetcher = useFetcher<{ items: PickItem[] }>();
  const { load } = fetcher;
  useEffect(() => {
    if (!enabled) return;
    const timer = setTimeout(() => load(`/admin/edit/pick?${new URLSearchParams({ kind, q, lng })}`), 300);
    return () => clearTimeout(timer);
  }, [kind, q, lng, enabled, load]);
  return { items: fetcher.data?.items ?? [], loading: fetcher.state !== "idle" };
}
