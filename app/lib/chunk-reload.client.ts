const KEY = "shop:chunk-reload-at";
const MIN_INTERVAL = 60_000; // spec §8: reload once, at most once per 60 s

/** A failed dynamic chunk load (a deploy replaced the hashed files) reloads the page once. */
export function installChunkReload() {
  const reload = () => {
    const last = Number(sessionStorage.getItem(KEY) ?? 0);
    if (Date.now() - last < MIN_INTERVAL) return;
    sessionStorage.setItem(KEY, String(Date.now()));
    window.location.reload();
  };
  window.addEventListener("vite:preloadError", (event) => {
    event.preventDefault();
    reload();
  });
  window.addEventListener("unhandledrejection", (event) => {
    const message = String((event.reason as Error | undefined)?.message ?? event.reason ?? "");
    if (
      /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(
        message,
      )
    ) {
      reload();
    }
  });
}
