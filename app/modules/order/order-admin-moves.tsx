import { useNavigation } from "@remix-run/react";
import type { InputHTMLAttributes, ReactNode } from "react";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { useMessageText } from "~/components/ui/message";
import { useTranslation } from "~/lib/i18n";
import { PartQuantities } from "./order-admin-parts";
import type { OrderParts } from "./order-parts.server";
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
type Order = { version: number; paymentGateway: string };
/** Amounts as the forms prefill them ("106,08"): what is still owed, what can be given back. */
export type MoveAmounts = { outstanding: string; refundable: string };

export function OrderMoves({
  order,
  moves,
  answer,
  today,
  amounts,
  lines,
}: {
  order: Order;
  moves: OrderMove[];
  answer: MoveAnswer | undefined;
  today: string;
  amounts: MoveAmounts;
  /** Per line what was ordered, shipped and returned (decision 0108). */
  lines: OrderParts["lines"];
}) {
  const { t } = useTranslation();
  if (moves.length === 0)
    return (
      <p className="text-sm text-slate-600" data-testid="no-moves">
        {t("adminOrders.moves.none")}
      </p>
    );
  // A cancel or return of a card order gives back what was taken, through the provider.
  const refundsCard = order.paymentGateway === "card" && moves.includes("refund");
  return (
    <div className="flex flex-col gap-3" data-testid="order-moves">
      {moves.includes("markPaid") ? (
        <MoveForm intent="markPaid" version={order.version} answer={answer} open>
          <MoneyFields
            intent="markPaid"
            day={{ name: "paidOn", label: t("adminOrders.moves.paidOn") }}
            amount={{ name: "paidAmount", label: t("adminOrders.moves.paidAmount"), value: amounts.outstanding }}
            today={today}
            answer={answer}
          />
        </MoveForm>
      ) : null}
      {moves.includes("ship") ? (
        <MoveForm intent="ship" version={order.version} answer={answer} open submitLabel={t("adminOrders.moves.shipSubmit")}>
          {/* Each line's field starts with all it still has to ship: one post ships the whole order as before. */}
          <PartQuantities
            intent="ship"
            lines={lines.filter((line) => line.quantity > line.shipped)}
            most={(line) => line.quantity - line.shipped}
            start={(line) => line.quantity - line.shipped}
            label={t("adminOrders.parts.shipNow")}
            answer={answer}
          />
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
      {moves.includes("returnPart") ? (
        <MoveForm
          intent="returnPart"
          version={order.version}
          answer={answer}
          variant="secondary"
          submitLabel={t("adminOrders.moves.returnPartSubmit")}
          note={refundsCard ? t("adminOrders.moves.cardRefundAmount") : undefined}
        >
          <PartQuantities
            intent="returnPart"
            lines={lines.filter((line) => line.shipped > line.returned)}
            most={(line) => line.shipped - line.returned}
            start={() => 0}
            label={t("adminOrders.parts.returnNow")}
            answer={answer}
          />
          <Input
            name="reason"
            label={t("adminOrders.moves.reason")}
            answer={answer}
            intent="returnPart"
            required
            maxLength={1000}
            multiline
          />
          <Input
            name="refundOn"
            type="date"
            label={t("adminOrders.moves.returnPartRefundOn")}
            defaultValue={today}
            max={today}
            answer={answer}
            intent="returnPart"
            required
          />
          <Input
            name="refundAmount"
            label={t("adminOrders.moves.returnPartAmount")}
            answer={answer}
            intent="returnPart"
            inputMode="decimal"
            hint={t("adminOrders.moves.returnPartAmountHint")}
          />
        </MoveForm>
      ) : null}
      {moves.includes("refund") ? (
        <MoveForm
          intent="refund"
          version={order.version}
          answer={answer}
          variant="secondary"
          note={order.paymentGateway === "card" ? t("adminOrders.moves.cardRefundAmount") : t("adminOrders.moves.bankRefund")}
        >
          <MoneyFields
            intent="refund"
            day={{ name: "refundOn", label: t("adminOrders.moves.refundOn") }}
            amount={{ name: "refundAmount", label: t("adminOrders.moves.refundAmount"), value: amounts.refundable }}
            today={today}
            answer={answer}
          />
          <Input name="refundNote" label={t("adminOrders.moves.refundNote")} answer={answer} intent="refund" maxLength={500} />
        </MoveForm>
      ) : null}
    </div>
  );
}

/** The day money moved (today at most) and its amount, as a payment and a refund both ask them. */
function MoneyFields({
  intent,
  day,
  amount,
  today,
  answer,
}: {
  intent: OrderMove;
  day: { name: string; label: string };
  amount: { name: string; label: string; value: string };
  today: string;
  answer: MoveAnswer | undefined;
}) {
  return (
    <>
      <Input name={day.name} type="date" label={day.label} defaultValue={today} max={today} answer={answer} intent={intent} required />
      <Input
        name={amount.name}
        label={amount.label}
        defaultValue={amount.value}
        answer={answer}
        intent={intent}
        required
        inputMode="decimal"
      />
    </>
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
  submitLabel,
}: {
  intent: OrderMove;
  version: number;
  answer: MoveAnswer | undefined;
  children?: ReactNode;
  open?: boolean;
  variant?: "primary" | "secondary";
  note?: string;
  /** The button's words where they differ from the move's name ("Nova pošiljka" → "Evidentiraj pošiljku"). */
  submitLabel?: string;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().formData?.get("intent") === intent;
  const form = (
    <SecureForm className="flex flex-col items-start gap-2" data-testid={`move-${intent}`}>
      <input type="hidden" name="version" value={version} />
      {children}
      {note ? <p className="text-sm text-slate-700">{note}</p> : null}
      <Button name="intent" value={intent} variant={variant} disabled={busy}>
        {submitLabel ?? t(`adminOrders.moves.${intent}`)}
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

type InputProps = {
  name: string;
  label: string;
  answer: MoveAnswer | undefined;
  intent: string;
  multiline?: boolean;
  hint?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "name">;

function Input({ name, label, answer, intent, multiline, hint, ...props }: InputProps) {
  const text = useMessageText();
  const id = `${intent}-${name}`;
  const error = answer?.intent === intent ? answer.errors[name]?.[0] : undefined;
  // What was typed comes back with a refusal, so a page without JavaScript keeps it.
  const typed = answer?.intent === intent ? answer.values?.[name] : undefined;
  const common = {
    id,
    name,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : hint ? `${id}-hint` : undefined,
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
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {text(error)}
        </p>
      ) : null}
    </div>
  );
}
