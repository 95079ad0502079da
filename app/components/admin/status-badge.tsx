import type { ReactNode } from "react";

/**
 * The backoffice's one status badge: the colour says how the state feels to the shop
 * owner — done well (good), waiting for someone (waiting), gone wrong (bad), finished or
 * set aside (quiet), on its way (active) — and each screen maps its own states to a tone.
 */
export type BadgeTone = "good" | "waiting" | "bad" | "quiet" | "active" | "neutral";

const TONES: Record<BadgeTone, string> = {
  good: "bg-green-100 text-green-900",
  waiting: "bg-amber-100 text-amber-900",
  bad: "bg-red-100 text-red-900",
  quiet: "bg-slate-200 text-slate-900",
  active: "bg-brand-100 text-brand-900",
  neutral: "bg-slate-100 text-slate-800",
};

export function StatusBadge({ tone, testId, children }: { tone: BadgeTone; testId?: string; children: ReactNode }) {
  return (
    <span className={`inline-block rounded px-2 py-0.5 text-xs font-semibold ${TONES[tone]}`} data-testid={testId}>
      {children}
    </span>
  );
}
