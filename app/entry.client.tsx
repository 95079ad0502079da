import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { i18nConfig } from "./i18n";
import { isLocale, DEFAULT_LOCALE } from "./lib/locales";
import { loadMessages } from "./lib/messages.client";
import { installChunkReload } from "./lib/chunk-reload.client";

async function hydrate() {
  installChunkReload();
  const lang = document.documentElement.lang;
  const locale = isLocale(lang) ? lang : DEFAULT_LOCALE;
  await i18next
    .use(initReactI18next)
    .init({ ...i18nConfig, lng: locale, resources: { [locale]: { translation: await loadMessages(locale) } } });
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
