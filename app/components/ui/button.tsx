import { forwardRef, type ButtonHTMLAttributes } from "react";
import { buttonClass, type ButtonSize, type ButtonVariant } from "./button-class";

export { buttonClass, type ButtonSize, type ButtonVariant };

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
// Pure: a module that imports Button without rendering it (a server-first component) must not pull it into the bundle.
export const Button = /* @__PURE__ */ forwardRef<HTMLButtonElement, Props>(function Button(
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
