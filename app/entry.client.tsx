import { RemixBrowser } from "@remix-run/react";
import i18next, { type BackendModule } from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { installChunkReload } from "./lib/chunk-reload.client";
import { I18NEXT_OPTIONS, keepDocumentMessages, MESSAGES_SCRIPT_ID, type MessagesPayload } from "./lib/i18n";

/**
 * Namespaces a page did not bring load from the locales resource route; the version in
 * the URL (a hash of every message file) makes the answer cacheable for good.
 */
function namespaceBackend(version: string): BackendModule {
  return {
    type: "backend",
    init() {},
    read(lng, ns, callback) {
      fetch(`/locales/${lng}/${ns}.${version}.json`)
        .then((response) => (response.ok ? response.json() : Promise.reject(new Error(`${response.status} ${response.url}`))))
        .then(
          (messages) => callback(null, messages),
          (error: Error) => callback(error, false),
        );
    },
  };
}

function hydrate() {
  installChunkReload();
  // The server put the page's language and namespaces into the document, so the first
  // client render says exactly what the server rendered, without another request.
  const json = document.getElementById(MESSAGES_SCRIPT_ID)?.textContent || "{}";
  keepDocumentMessages(json);
  const { lng = "hr", v = "", resources = {} } = JSON.parse(json) as Partial<MessagesPayload>;
  void i18next.use(namespaceBackend(v)).init({
    ...I18NEXT_OPTIONS,
    lng,
    resources: { [lng]: resources },
    ns: Object.keys(resources),
    partialBundledLanguages: true,
  });
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

hydrate();
