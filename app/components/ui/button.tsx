import { forwardRef, type ButtonHTMLAttributes } from "react";

export type ButtonVariant = "primary" | "secondary" | "danger" | "ghost" | "link" | "dangerGhost";
export type ButtonSize = "sm" | "md" | "lg";

const BASE =
  "inline-flex items-center justify-center gap-2 rounded font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60";
const VARIANTS: Record<ButtonVariant, string> = {
  primary: "bg-brand-600 text-white hover:bg-brand-700",
  secondary: "border border-brand-600 bg-white text-brand-700 hover:bg-brand-50",
  danger: "bg-red-700 text-white hover:bg-red-800",
  ghost: "text-slate-700 hover:bg-slate-100",
  link: "text-brand-700 underline hover:text-brand-900",
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
export function buttonClass({ variant = "primary", size = "md", className }: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}) {
  const padding = variant === "link" ? "" : SIZES[size];
  return [BASE, VARIANTS[variant], padding, className].filter(Boolean).join(" ");
}

type Props = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /**
   * The form it submits is on its way: the button is disabled (no double submit),
   * announced as busy, and shows `pendingLabel` when one is given.
   */
  pending?: boolean;
  pendingLabel?: string;
};

/** Every button of the shop. `type` defaults to "submit": most buttons end a form. */
export const Button = forwardRef<HTMLButtonElement, Props>(function Button(
  { variant, size, pending = false, pendingLabel, className, type = "submit", disabled, children, ...props },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      className={buttonClass({ variant, size, className })}
      {...props}
    >
      {pending ? <Spinner /> : null}
      {pending && pendingLabel ? pendingLabel : children}
    </button>
  );
});

function Spinner() {
  return <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-current border-r-transparent" />;
}
