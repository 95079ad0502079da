import type { TrackingScript } from "./tracking-scripts";

/**
 * Runs tags the visitor has just accepted on the page as real script elements, once each,
 * with the page's nonce read from a script the server wrote. `present` are those the
 * page already carries.
 */
export function injectTrackingScripts(scripts: TrackingScript[], present: Set<string>) {
  const pageNonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce ?? "";
  for (const script of scripts) {
    if (present.has(script.kind)) continue;
    present.add(script.kind);
    for (const [src, code] of [
      [script.src, null],
      [null, script.inline],
    ] as const) {
      if (!src && !code) continue;
      const element = document.createElement("script");
      element.nonce = pageNonce;
      if (src) Object.assign(element, { src, async: true });
      else element.textContent = code;
      document.head.append(element);
    }
  }
}
