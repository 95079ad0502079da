import { useEffect, useState } from "react";
import { useNonce } from "~/lib/nonce";

type TrackingScript = { kind: string; src: string | null; inline: string };

// Tags injected after the first render (a visitor accepting on the page), once each.
const injected = new Set<string>();

/**
 * The accepted analytics and marketing tags (issue 7 item 5), from the root loader. The
 * server's HTML carries those accepted before the page loaded; a visitor who accepts on
 * the page gets the rest injected as real script elements (React does not run scripts it
 * inserts), with the page's nonce read from a script the server wrote.
 */
export function TrackingScripts({ scripts }: { scripts: TrackingScript[] }) {
  const nonce = useNonce();
  const [initial] = useState(scripts);
  useEffect(() => {
    const pageNonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce ?? "";
    for (const script of scripts) {
      if (initial.some((s) => s.kind === script.kind) || injected.has(script.kind)) continue;
      injected.add(script.kind);
      for (const [src, code] of [[script.src, null], [null, script.inline]] as const) {
        if (!src && !code) continue;
        const element = document.createElement("script");
        element.nonce = pageNonce;
        if (src) Object.assign(element, { src, async: true });
        else element.textContent = code;
        document.head.append(element);
      }
    }
  }, [scripts, initial]);
  return initial.map((script) => [
    script.src ? <script key={`${script.kind}-src`} async src={script.src} nonce={nonce} suppressHydrationWarning /> : null,
    <script key={script.kind} nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: script.inline }} />,
  ]);
}
