import type { LoaderFunctionArgs } from "@remix-run/node";
import { isLocale } from "~/lib/locales";
import { browserMessages, MESSAGES_VERSION, namespaceMessages } from "~/lib/messages.server";

/**
 * One message namespace of a language, for a client navigation to a page that needs
 * namespaces the document did not bring: /locales/:lng/:ns.:version.json. The version
 * (a hash of every message file) makes the current answer cacheable for good; an old
 * version gets today's messages, revalidated.
 */
export function loader({ params }: LoaderFunctionArgs) {
  const file = /^([a-z][A-Za-z]*)\.([0-9a-f]+)\.json$/.exec(params.file ?? "");
  const messages = file && isLocale(params.lng) ? namespaceMessages(params.lng, file[1]!) : undefined;
  if (!file || !messages) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const current = file[2] === MESSAGES_VERSION;
  return new Response(JSON.stringify(browserMessages(messages)), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": current ? "public, max-age=31536000, immutable" : "no-cache",
    },
  });
}
