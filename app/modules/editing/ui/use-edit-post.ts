import { useFetcher, useFetchers, useMatches, useRouteLoaderData } from "@remix-run/react";
import { useCallback } from "react";
import type { RootData } from "~/root";
import type { PageEditContext } from "../edit-mode.server";

/** What the editor's actions answer (app/routes/admin/content/admin.edit.*.ts). */
export type EditAnswer =
  | { ok: true; revision?: number; [key: string]: unknown }
  | { ok: false; error: { key: string; values?: Record<string, string | number>; field?: string } };

/**
 * A post of the in-page editor: a fetcher with the CSRF token and the honeypot fields the
 * actions check like every form's (readForm), so the editor needs no form markup. After
 * the post Remix reloads the page's data, so the page shows the saved draft at once.
 */
export function useEditPost(action: string) {
  const fetcher = useFetcher<EditAnswer>();
  const root = useRouteLoaderData<RootData>("root");
  const submit = useCallback(
    (fields: Record<string, string | number | Blob | Blob[]>) => {
      const form = new FormData();
      form.set("csrf", root?.csrfToken ?? "");
      const honeypot = root?.honeypotInputProps;
      form.set(honeypot?.nameFieldName ?? "website", "");
      if (honeypot?.validFromFieldName && honeypot.encryptedValidFrom) form.set(honeypot.validFromFieldName, honeypot.encryptedValidFrom);
      for (const [name, value] of Object.entries(fields)) {
        if (Array.isArray(value)) for (const file of value) form.append(name, file);
        else form.set(name, typeof value === "number" ? String(value) : value);
      }
      fetcher.submit(form, { method: "post", action, encType: "multipart/form-data" });
    },
    [fetcher, root, action],
  );
  return { submit, state: fetcher.state, answer: fetcher.data };
}

/** Whether any editor post or the page reload after it is still on its way (buttons wait, revisions stay current). */
export function useEditorBusy() {
  return useFetchers().some((f) => f.state !== "idle");
}

export type PageEdit = PageEditContext & {
  hero: boolean;
  /** The search-result preview's context (decision 0125); `homeTitle` when the page is the home page, whose title is the shop's own. */
  serp?: { siteName: string; url: string; homeTitle: string | null };
};

/** The edited page's context from the page route's data (only there in edit mode); null on other pages. */
export function usePageEdit(): { edit: PageEdit | null; alternates: Partial<Record<string, string>> } {
  const matches = useMatches();
  for (const match of matches) {
    const data = match.data as { edit?: PageEdit; alternates?: Partial<Record<string, string>> } | undefined;
    if (data?.edit) return { edit: data.edit, alternates: data.alternates ?? {} };
  }
  const withAlternates = matches
    .map((m) => (m.data as { alternates?: Partial<Record<string, string>> } | undefined)?.alternates)
    .find(Boolean);
  return { edit: null, alternates: withAlternates ?? {} };
}
