import { useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { FormError } from "~/components/ui/message";
import { submissionOf } from "~/lib/forms/use-shop-form";
import { useTranslation } from "~/lib/i18n";
import { kilograms } from "./delivery-price";

type Rate = { id: number; maxWeightG: number; priceCents: number };
type Zone = { id: number; name: string; countries: string[]; rates: Rate[] };
type Method = { version: number; longGoodsFromMm: number | null; longGoodsSurchargeCents: number | null };

const INPUT = "rounded border border-slate-300 px-2 py-1.5";
const euros = (cents: number | null) => (cents === null ? "" : (cents / 100).toFixed(2).replace(".", ","));

/** The refused form's answer when it is this one (same intent and row), so the row shows its error and what was typed. */
function useRefusal(lastResult: unknown) {
  const result = submissionOf(lastResult);
  return (intent: string, row?: { name: string; id: number }) => {
    const posted = result?.initialValue;
    if (!result?.error || posted?.intent !== intent || (row && String(posted[row.name]) !== String(row.id))) return null;
    const errors = Object.values(result.error)
      .flat()
      .filter((e): e is string => typeof e === "string");
    return { errors, posted: posted as Record<string, unknown> };
  };
}
type Refusal = ReturnType<ReturnType<typeof useRefusal>>;
const typed = (refusal: Refusal, name: string, fallback: string) =>
  refusal && typeof refusal.posted[name] === "string" ? (refusal.posted[name] as string) : fallback;

function Labelled({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label className="flex flex-col text-xs font-semibold">
      {label}
      {children}
    </label>
  );
}

/** A zone's name and country codes: the same two fields to add a zone and to edit one. */
function ZoneFields({ refused, name, countries }: { refused: Refusal; name: string; countries: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Labelled label={t("adminShipping.rates.zoneName")}>
        <input name="name" required maxLength={100} defaultValue={typed(refused, "name", name)} className={INPUT} />
      </Labelled>
      <Labelled label={t("adminShipping.rates.countries")}>
        <input name="countries" required maxLength={1000} defaultValue={typed(refused, "countries", countries)} className={INPUT} />
      </Labelled>
    </>
  );
}

/** A rate row's weight limit (kg) and price: the same two fields to add a row and to edit one. */
function RateFields({ refused, maxWeight, price }: { refused: Refusal; maxWeight: string; price: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Labelled label={t("adminShipping.rates.upTo")}>
        <input
          name="maxWeight"
          required
          inputMode="decimal"
          maxLength={20}
          defaultValue={typed(refused, "maxWeight", maxWeight)}
          className={INPUT}
        />
      </Labelled>
      <Labelled label={t("adminShipping.rates.price")}>
        <input name="price" required inputMode="decimal" maxLength={20} defaultValue={typed(refused, "price", price)} className={INPUT} />
      </Labelled>
    </>
  );
}

/**
 * A delivery method's price by zone and weight (decision 0106): the long-goods surcharge,
 * then each zone (its name and country codes) with its rate rows (up to a weight in kg, a
 * price with VAT), each row its own plain form posting the method's version, so the whole
 * table works without JavaScript. No rate rows: the method's flat price applies.
 */
export function RateTablePanel({ method, zones, lastResult }: { method: Method; zones: Zone[]; lastResult?: unknown }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const refusal = useRefusal(lastResult);
  const pending = navigation.state === "submitting" ? String(navigation.formData?.get("intent") ?? "") : "";
  const version = method.version;
  const longGoods = refusal("longGoods");
  const newZone = refusal("addZone");
  return (
    <section className="space-y-4 rounded border border-slate-200 bg-white p-4" aria-labelledby="rates-title" data-testid="rate-table">
      <h2 id="rates-title" className="text-lg font-semibold">
        {t("adminShipping.rates.title")}
      </h2>
      <p className="text-sm text-slate-600">{t("adminShipping.rates.help")}</p>

      <SecureForm key={`long-${version}`} className="flex flex-wrap items-end gap-2" data-testid="long-goods-form">
        <input type="hidden" name="version" value={version} />
        <Labelled label={t("adminShipping.rates.longFrom")}>
          <input
            name="fromMm"
            type="number"
            min={1}
            max={20000}
            defaultValue={typed(longGoods, "fromMm", method.longGoodsFromMm === null ? "" : String(method.longGoodsFromMm))}
            className={INPUT}
          />
        </Labelled>
        <Labelled label={t("adminShipping.rates.longSurcharge")}>
          <input
            name="surcharge"
            inputMode="decimal"
            maxLength={20}
            defaultValue={typed(longGoods, "surcharge", euros(method.longGoodsSurchargeCents))}
            className={INPUT}
          />
        </Labelled>
        <Button name="intent" value="longGoods" size="sm" pending={pending === "longGoods"}>
          {t("adminShipping.save")}
        </Button>
        <p className="w-full text-xs text-slate-600">{t("adminShipping.rates.longHelp")}</p>
        <FormError errors={longGoods?.errors} testId="long-goods-error" />
      </SecureForm>

      {zones.length === 0 ? <p className="text-sm text-slate-600">{t("adminShipping.rates.noZones")}</p> : null}
      {zones.map((zone) => (
        <ZoneBlock key={`${zone.id}-${version}`} zone={zone} version={version} refusal={refusal} pending={pending} />
      ))}

      <SecureForm
        key={`zone-add-${version}`}
        className="flex flex-wrap items-end gap-2 border-t border-slate-200 pt-3"
        data-testid="zone-add"
      >
        <input type="hidden" name="version" value={version} />
        <ZoneFields refused={newZone} name="" countries="" />
        <Button name="intent" value="addZone" size="sm" pending={pending === "addZone"}>
          {t("adminShipping.rates.addZone")}
        </Button>
        <p className="w-full text-xs text-slate-600">{t("adminShipping.rates.countriesHelp")}</p>
        <FormError errors={newZone?.errors} testId="zone-add-error" />
      </SecureForm>
    </section>
  );
}

function ZoneBlock({
  zone,
  version,
  refusal,
  pending,
}: {
  zone: Zone;
  version: number;
  refusal: ReturnType<typeof useRefusal>;
  pending: string;
}) {
  const { t } = useTranslation();
  const saved = refusal("saveZone", { name: "zoneId", id: zone.id }) ?? refusal("removeZone", { name: "zoneId", id: zone.id });
  const added = refusal("addRate", { name: "zoneId", id: zone.id });
  return (
    <div className="space-y-2 rounded border border-slate-200 p-3" data-testid="zone" data-zone={zone.name}>
      <SecureForm className="flex flex-wrap items-end gap-2" data-testid="zone-form">
        <input type="hidden" name="zoneId" value={zone.id} />
        <input type="hidden" name="version" value={version} />
        <ZoneFields refused={saved} name={zone.name} countries={zone.countries.join(", ")} />
        <Button name="intent" value="saveZone" size="sm" pending={pending === "saveZone"}>
          {t("adminShipping.save")}
        </Button>
        <Button name="intent" value="removeZone" size="sm" variant="secondary" formNoValidate>
          {t("adminShipping.rates.removeZone")}
        </Button>
        <FormError errors={saved?.errors} testId="zone-error" />
      </SecureForm>
      {zone.rates.length === 0 ? <p className="text-sm text-slate-600">{t("adminShipping.rates.noRates")}</p> : null}
      {zone.rates.map((rate) => (
        <RateRow key={rate.id} rate={rate} version={version} refusal={refusal} pending={pending} />
      ))}
      <SecureForm className="flex flex-wrap items-end gap-2 border-t border-slate-100 pt-2" data-testid="rate-add">
        <input type="hidden" name="zoneId" value={zone.id} />
        <input type="hidden" name="version" value={version} />
        <RateFields refused={added} maxWeight="" price="" />
        <Button name="intent" value="addRate" size="sm" pending={pending === "addRate"}>
          {t("adminShipping.rates.addRate")}
        </Button>
        <FormError errors={added?.errors} testId="rate-add-error" />
      </SecureForm>
    </div>
  );
}

function RateRow({
  rate,
  version,
  refusal,
  pending,
}: {
  rate: Rate;
  version: number;
  refusal: ReturnType<typeof useRefusal>;
  pending: string;
}) {
  const { t } = useTranslation();
  const row = { name: "rateId", id: rate.id };
  const refused = refusal("saveRate", row) ?? refusal("removeRate", row);
  return (
    <SecureForm className="flex flex-wrap items-end gap-2" data-testid="rate-row">
      <input type="hidden" name="rateId" value={rate.id} />
      <input type="hidden" name="version" value={version} />
      <RateFields refused={refused} maxWeight={kilograms(rate.maxWeightG)} price={euros(rate.priceCents)} />
      <Button name="intent" value="saveRate" size="sm" pending={pending === "saveRate"}>
        {t("adminShipping.save")}
      </Button>
      <Button name="intent" value="removeRate" size="sm" variant="secondary" formNoValidate>
        {t("adminShipping.rates.removeRate")}
      </Button>
      <FormError errors={refused?.errors} testId="rate-error" />
    </SecureForm>
  );
}
