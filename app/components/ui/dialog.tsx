import { Dialog as Radix } from "radix-ui";
import { useRef, type CSSProperties, type ReactNode } from "react";

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** The close button's accessible name ("Zatvori"). */
  closeLabel: string;
  /** Width in px (spec §2 names the modals' widths); never wider than the screen. */
  width?: number;
  testId?: string;
  /** Where it renders; inside a native modal <dialog> (the cart modal, in the top layer) it must render in it. */
  container?: HTMLElement | null;
  children: ReactNode;
};

/**
 * The shop's modal dialog on radix: focus trapped and returned, Escape and the overlay
 * close it, title and description announced. A dialog is JavaScript by nature: every
 * dialog has a page of its own that does the same without scripts (the price enquiry's
 * /upit-o-cijeni, the cart page behind the cart modal), and the module that shows a
 * dialog is loaded when it is first opened (DESIGN.md).
 */
export function Dialog({ open, onOpenChange, title, description, closeLabel, width = 560, testId, container, children }: Props) {
  const style: CSSProperties = { width, maxWidth: "calc(100vw - 2rem)" };
  // Radix gives the focus back to its own Trigger, and our dialogs open from links, buttons
  // and fetchers without one (decision 0067): keep what had the focus when it opened.
  const returnFocus = useRef<HTMLElement | null>(null);
  return (
    <Radix.Root open={open} onOpenChange={onOpenChange}>
      <Radix.Portal container={container ?? undefined}>
        <Radix.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Radix.Content
          className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl"
          style={style}
          data-testid={testId}
          onOpenAutoFocus={() => {
            returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            if (!returnFocus.current?.isConnected) return;
            event.preventDefault();
            returnFocus.current.focus();
          }}
          // Without a description radix warns; an explicit undefined says there is none on purpose.
          {...(description ? {} : { "aria-describedby": undefined })}
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <div>
              <Radix.Title className="text-2xl font-bold text-brand-900">{title}</Radix.Title>
              {description ? <Radix.Description className="mt-1 text-slate-700">{description}</Radix.Description> : null}
            </div>
            <Radix.Close className="rounded px-2 py-1 text-slate-600 hover:bg-slate-100" aria-label={closeLabel}>
              <span aria-hidden="true">×</span>
            </Radix.Close>
          </div>
          {children}
        </Radix.Content>
      </Radix.Portal>
    </Radix.Root>
  );
}
