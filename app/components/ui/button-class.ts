/**
 * The shop's button styles, apart from the Button component: a page that only styles a
 * link as a button (the CMS page components, the product page's enquiry link) loads these
 * few bytes, not the component (the first-load budget); ./button re-exports them.
 */
export type ButtonVariant = "primary" | "secondary" | "danger" | "ghost" | "link" | "inverse" | "dangerGhost";
export type ButtonSize = "sm" | "md" | "lg";

const BASE =
  "inline-flex items-center justify-center gap-2 rounded font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60";
const VARIANTS: Record<ButtonVariant, string> = {
  primary: "bg-brand-600 text-white hover:bg-brand-700",
  secondary: "border border-brand-600 bg-white text-brand-700 hover:bg-brand-50",
  danger: "bg-red-700 text-white hover:bg-red-800",
  ghost: "text-slate-700 hover:bg-slate-100",
  link: "text-brand-700 underline hover:text-brand-900",
  /** A quiet button on a dark background (the admin's sidebar). */
  inverse: "text-brand-50 underline hover:bg-white/10",
  /** A quiet destructive action (delete a line, clear the cart). */
  dangerGhost: "text-red-700 hover:bg-red-50",
};
const SIZES: Record<ButtonSize, string> = {
  sm: "px-3 py-1.5 text-sm",
  md: "px-4 py-2",
  lg: "px-6 py-2.5",
};

/**
 * The class list of a button; for a `<Link>` that must look like one. The one place the
 * shop's button styles are written (no button class string is repeated across files).
 */
export function buttonClass({
  variant = "primary",
  size = "md",
  className,
}: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}) {
  const padding = variant === "link" ? "" : SIZES[size];
  return [BASE, VARIANTS[variant], padding, className].filter(Boolean).join(" ");
}
