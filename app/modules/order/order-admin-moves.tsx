import { useNavigation } from "@remix-run/react";
import type { InputHTMLAttributes, ReactNode } from "react";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { useMessageText } from "~/components/ui/message";
import { useTranslation } from "~/lib/i18n";
import type { OrderMove } from "./order-states";

/**
 * The moves the state machine allows now, one POST form each (they work without
 * JavaScript), with the order's `version`; a move with fields opens in a <details>.
 * `answer` is the action's refusal of the last post (its field errors show at the fields).
 */
export type MoveAnswer = {
  intent: string;
  errors: Record<string, string[] | null>;
  message: string | null;
  values?: Record<string, string>;
};
type Order = { version: number; orderTotalCents: number; paymentGateway: string; paymentStatus: string };

export function OrderMoves({
  order,
  moves,
  answer,
  today,
  totalText,
}: {
  order: Order;
  moves: OrderMove[];
  answer: MoveAnswer | undefined;
  today: string;
  totalText: string;
}) {
  const { t } = useTranslation();
  if (moves.length === 0)
    return (
      <p className="text-sm text-slate-600" data-testid="no-moves">
        {t("adminOrders.moves.none")}
      </p>
    );
  const refundsCard = order.paymentGateway === "card" && order.paymentStatus === "paid";
  return (
    <div className="flex flex-col gap-3" data-testid="order-moves">
      {moves.includes("markPaid") ? (
        <MoveForm intent="markPaid" version={order.version} answer={answer} open>
          <Input
            name="paidOn"
            type="date"
            label={t("adminOrders.moves.paidOn")}
            defaultValue={today}
            answer={answer}
            intent="markPaid"
            required
          />
          <Input
            name="paidAmount"
            label={t("adminOrders.moves.paidAmount")}
            defaultValue={totalText}
            answer={answer}
            intent="markPaid"
            required
            inputMode="decimal"
          />
        </MoveForm>
      ) : null}
      {moves.includes("ship") ? (
        <MoveForm intent="ship" version={order.version} answer={answer} open>
          <Input name="carrier" label={t("adminOrders.ship.carrier")} answer={answer} intent="ship" maxLength={100} />
          <Input name="trackingNumber" label={t("adminOrders.ship.trackingNumber")} answer={answer} intent="ship" maxLength={100} />
          <Input
            name="trackingUrl"
            type="url"
            label={t("adminOrders.ship.trackingUrl")}
            answer={answer}
            intent="ship"
            maxLength={500}
            placeholder="https://"
          />
        </MoveForm>
      ) : null}
      {moves.includes("deliver") ? <MoveForm intent="deliver" version={order.version} answer={answer} /> : null}
      {moves.includes("cancel") ? (
        <MoveForm
          intent="cancel"
          version={order.version}
          answer={answer}
          variant="secondary"
          note={refundsCard ? t("adminOrders.moves.cardRefund") : undefined}
        >
          <Input name="reason" label={t("adminOrders.moves.reason")} answer={answer} intent="cancel" required maxLength={1000} multiline />
        </MoveForm>
      ) : null}
      {moves.includes("return") ? (
        <MoveForm
          intent="return"
          version={order.version}
          answer={answer}
          variant="secondary"
          note={refundsCard ? t("adminOrders.moves.cardRefund") : undefined}
        >
          <Input name="reason" label={t("adminOrders.moves.reason")} answer={answer} intent="return" maxLength={1000} multiline />
        </MoveForm>
      ) : null}
    </div>
  );
}

function MoveForm({
  intent,
  version,
  answer,
  children,
  open,
  variant = "primary",
  note,
}: {
  intent: OrderMove;
  version: number;
  answer: MoveAnswer | undefined;
  children?: ReactNode;
  open?: boolean;
  variant?: "primary" | "secondary";
  note?: string;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().formData?.get("intent") === intent;
  const form = (
    <SecureForm className="flex flex-col items-start gap-2" data-testid={`move-${intent}`}>
      <input type="hidden" name="version" value={version} />
      {children}
      {note ? <p className="text-sm text-slate-700">{note}</p> : null}
      <Button name="intent" value={intent} variant={variant} disabled={busy}>
        {t(`adminOrders.moves.${intent}`)}
      </Button>
    </SecureForm>
  );
  if (!children) return form;
  // Open when it is the likely next step or when its last post was refused (to show why).
  return (
    <details className="rounded border border-slate-200 p-3" open={open || answer?.intent === intent}>
      <summary className="cursor-pointer font-semibold">{t(`adminOrders.moves.${intent}`)}</summary>
      <div className="mt-2">{form}</div>
    </details>
  );
}

type InputProps = { name: string; label: string; answer: MoveAnswer | undefined; intent: string; multiline?: boolean } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  "name"
>;

function Input({ name, label, answer, intent, multiline, ...props }: InputProps) {
  const text = useMessageText();
  const id = `${intent}-${name}`;
  const error = answer?.intent === intent ? answer.errors[name]?.[0] : undefined;
  // What was typed comes back with a refusal, so a page without JavaScript keeps it.
  const typed = answer?.intent === intent ? answer.values?.[name] : undefined;
  const common = {
    id,
    name,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : undefined,
    className: "w-full max-w-md rounded border border-slate-300 px-2 py-1",
  };
  return (
    <div className="flex w-full flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      {multiline ? (
        <textarea {...common} required={props.required} maxLength={props.maxLength} rows={3} defaultValue={typed} />
      ) : (
        <input {...common} {...props} defaultValue={typed ?? props.defaultValue} key={typed} />
      )}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {text(error)}
        </p>
      ) : null}
    </div>
  );
}
