import { Link } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/lib/i18n";

/** The empty cart: its message and the way back to the shop. */
export function CartEmpty({ shopPath }: { shopPath: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-start gap-4" data-testid="cart-empty">
      <p className="text-slate-700">{t("cart.empty")}</p>
      <Link to={shopPath} className={buttonClass()}>
        {t("cart.continueShopping")}
      </Link>
    </div>
  );
}
