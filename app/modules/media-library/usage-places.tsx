import { Link } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n";
import type { UsagePlace } from "./media-usage.server";

/** The places a file is used, by name, each linking to its edit screen (grouped by kind). */
export function UsagePlaces({ places }: { places: UsagePlace[] }) {
  const { t } = useTranslation();
  if (places.length === 0) return null;
  const kinds = [...new Set(places.map((place) => place.kind))];
  return (
    <dl className="mt-2 space-y-1" data-testid="media-usage-places">
      {kinds.map((kind) => (
        <div key={kind}>
          <dt className="font-semibold">{t(`adminMedia.usage.places.${kind}`)}</dt>
          <dd>
            <ul className="list-disc pl-5">
              {places
                .filter((place) => place.kind === kind)
                .map((place) => (
                  <li key={place.id}>
                    <Link to={place.href} className="break-words text-brand-700 underline">
                      {place.name || t("adminMedia.usage.unnamed", { id: place.id })}
                    </Link>
                  </li>
                ))}
            </ul>
          </dd>
        </div>
      ))}
    </dl>
  );
}
