/**
 * The browser and system a User-Agent header names, for the staff's list of their
 * sessions (decision 0085): enough to tell "Firefox on Windows" from "Safari on iPhone",
 * not a full parser. Order matters: Edge and Opera say "Chrome" too, Chrome says "Safari".
 */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\b(?:OPR|Opera)\//, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\b(?:Firefox|FxiOS)\//, "Firefox"],
  [/\b(?:Chrome|Chromium|CriOS)\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
  [/\bcurl\//, "curl"],
];
const SYSTEMS: [RegExp, string][] = [
  [/\b(?:iPhone|iPad|iPod)\b/, "iOS"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

export type Device = { browser: string | null; system: string | null };

export function deviceOf(userAgent: string | null | undefined): Device {
  const ua = userAgent ?? "";
  return {
    browser: BROWSERS.find(([pattern]) => pattern.test(ua))?.[1] ?? null,
    system: SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1] ?? null,
  };
}
