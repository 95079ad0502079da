import { useFetchers, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";

const SHOW_AFTER_MS = 200; // spec §9 progress bar throttle
const MAX_MS = 5000; // spec §9 progress bar duration

/** A thin bar at the top while a navigation or a submission runs longer than 200 ms. */
export function ProgressBar() {
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const busy = navigation.state !== "idle" || fetchers.some((f) => f.state === "submitting");
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (!busy) {
      setVisible(false);
      return;
    }
    const show = setTimeout(() => setVisible(true), SHOW_AFTER_MS);
    const hide = setTimeout(() => setVisible(false), MAX_MS);
    return () => {
      clearTimeout(show);
      clearTimeout(hide);
    };
  }, [busy]);

  return (
    <div
      role="progressbar"
      aria-hidden={!visible}
      data-visible={visible}
      className="pointer-events-none fixed inset-x-0 top-0 z-[100] h-1 origin-left bg-accent-500 transition-opacity"
      style={{
        opacity: visible ? 1 : 0,
        animation: visible ? `progress-grow ${MAX_MS}ms cubic-bezier(0.1, 0.7, 0.3, 1) forwards` : "none",
      }}
    />
  );
}
