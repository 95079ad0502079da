import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { installChunkReload } from "./lib/chunk-reload.client";
import { createTranslator, I18nProvider, MESSAGES_SCRIPT_ID } from "./lib/i18n";
import { DEFAULT_LOCALE, isLocale } from "./lib/locales";

function hydrate() {
  installChunkReload();
  const lang = document.documentElement.lang;
  // The server put the page language's messages into the document, so the first client
  // render says exactly what the server rendered.
  const messages = JSON.parse(document.getElementById(MESSAGES_SCRIPT_ID)?.textContent || "{}");
  const translator = createTranslator(isLocale(lang) ? lang : DEFAULT_LOCALE, messages);
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nProvider translator={translator}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nProvider>,
    );
  });
}

hydrate();
