import { useState } from "react";
import { useNonce } from "~/lib/nonce";

export type TrackingScript = { kind: string; src: string | null; inline: string };

/**
 * The analytics and marketing tags the visitor accepted before this page loaded (none without its
 * consent), from the root loader. Tags accepted later, on the page, are injected by the cookie
 * banner (cookie-banner-form.tsx), which is loaded only while it is shown.
 */
export function TrackingScripts({ scripts }: { scripts: TrackingScript[] }) {
  const nonce = useNonce();
  // What the server wrote stays as it is: React would insert later scripts without running them.
  const [initial] = useState(scripts);
  return initial.map((script) => [
    script.src ? <script key={`${script.kind}-src`} async src={script.src} nonce={nonce} suppressHydrationWarning /> : null,
    <script key={script.kind} nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: script.inline }} />,
  ]);
}
