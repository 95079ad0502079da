import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { formatDate, formatPrice } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import type { Locale } from "~/lib/locales";
import type { InboxEntry } from "./inbox-entry.server";
import { INBOX_STATUSES } from "./inbox-ref";

/** The sections of an inbox entry's backoffice page (routes/admin/sales/admin.enquiries.$ref.tsx). */

type Entry = InboxEntry;
const box = "space-y-3 rounded border border-slate-200 bg-white p-4";
const input = "rounded border border-slate-300 px-3 py-2";

function Section({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <section className={box} data-testid={testId}>
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}

function Pairs({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {rows.map(([label, value], i) => (
        <div key={i} className="contents">
          <dt className="font-semibold text-slate-700">{label}</dt>
          <dd className="whitespace-pre-wrap break-words">{value || "-"}</dd>
        </div>
      ))}
    </dl>
  );
}

export function EntrySent({ entry, locale }: { entry: Entry; locale: Locale }) {
  const { t } = useTranslation();
  const label = (name: string) => (entry.kind === "form" ? name : t(`adminEnquiries.field.${name}`));
  return (
    <Section title={t("adminEnquiries.sent")} testId="enquiry-sent">
      <Pairs
        rows={[
          [t("adminEnquiries.columns.date"), formatDate(entry.createdAt, locale, { style: "numeric", time: "short" })],
          [t("adminEnquiries.language"), t(`admin.languages.${entry.locale}`, { defaultValue: entry.locale })],
          ...(entry.formSlug ? [[t("adminEnquiries.form"), entry.formSlug] as [string, string]] : []),
          ...entry.fields.map((f): [string, string] => [label(f.name), f.value]),
        ]}
      />
      {entry.files.length > 0 ? (
        <ul className="list-disc pl-6 text-sm" data-testid="enquiry-files" aria-label={t("adminEnquiries.files")}>
          {entry.files.map((file) => (
            <li key={file.driveId}>
              <a
                href={`/admin/enquiries/${entry.ref.source}-${entry.ref.id}/files/${file.driveId}`}
                className="text-brand-700 underline"
                download
              >
                {file.name}
              </a>{" "}
              <span className="text-slate-600">({Math.max(1, Math.round(file.size / 1024))} KB)</span>
            </li>
          ))}
        </ul>
      ) : null}
      {entry.product ? (
        <p data-testid="enquiry-product">
          {t("adminEnquiries.product")}:{" "}
          {entry.product.path ? (
            <a href={entry.product.path} className="font-semibold text-brand-700 underline">
              {entry.product.name}
            </a>
          ) : (
            entry.product.name
          )}{" "}
          ({entry.product.sku})
        </p>
      ) : null}
      {entry.lines ? (
        <ul className="list-disc pl-6 text-sm" data-testid="enquiry-lines">
          {entry.lines.map((line, i) => (
            <li key={i}>
              {line.quantity} × {line.name} ({line.sku})
              {line.options.length ? ` — ${line.options.map((o) => `${o.label}: ${o.value}`).join("; ")}` : ""}
            </li>
          ))}
        </ul>
      ) : null}
    </Section>
  );
}

export function StatusForm({ entry }: { entry: Entry }) {
  const { t } = useTranslation();
  return (
    <SecureForm className="flex flex-wrap items-end gap-3" data-testid="status-form">
      <input type="hidden" name="intent" value="status" />
      {entry.version !== null ? (
        <input type="hidden" name="version" value={entry.version} />
      ) : (
        <input type="hidden" name="shown" value={entry.status} />
      )}
      <label className="flex flex-col gap-1 text-sm font-semibold">
        {t("adminEnquiries.columns.status")}
        <select name="status" defaultValue={entry.status} key={entry.status} className={input}>
          {INBOX_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`adminEnquiries.status.${s}`)}
            </option>
          ))}
        </select>
      </label>
      <Button variant="secondary">{t("adminEnquiries.saveStatus")}</Button>
    </SecureForm>
  );
}

export function EntryMail({ mail, consentLog, locale }: { mail: Entry["shopMail"]; consentLog: Entry["consentLog"]; locale: Locale }) {
  const { t } = useTranslation();
  return (
    <Section title={t("adminEnquiries.records")} testId="enquiry-records">
      <h3 className="font-semibold">{t("adminEnquiries.consentLog")}</h3>
      {consentLog ? (
        <Pairs
          rows={[
            [t("adminEnquiries.columns.date"), formatDate(consentLog.at, locale, { style: "numeric", time: "medium" })],
            [t("adminEnquiries.consents"), consentLog.consents.join(", ")],
            [t("adminEnquiries.userType"), t(`consent.userType.${consentLog.userType}`, { defaultValue: consentLog.userType })],
          ]}
        />
      ) : (
        <p className="text-sm text-slate-600">{t("adminEnquiries.noConsentLog")}</p>
      )}
      <h3 className="font-semibold">{t("adminEnquiries.shopMail")}</h3>
      {mail ? (
        <>
          <Pairs
            rows={[
              [t("adminEnquiries.mailTo"), mail.to],
              [t("adminEnquiries.subject"), mail.subject],
              [t("adminEnquiries.mailStatus"), t(`adminMail.status.${mail.status}`)],
            ]}
          />
          <pre className="whitespace-pre-wrap rounded bg-slate-50 p-3 text-sm">{mail.text}</pre>
        </>
      ) : (
        <p className="text-sm text-slate-600">{t("adminEnquiries.noShopMail")}</p>
      )}
    </Section>
  );
}

export function EntryReplies({ replies, locale }: { replies: Entry["replies"]; locale: Locale }) {
  const { t } = useTranslation();
  return (
    <Section title={t("adminEnquiries.reply.list")} testId="enquiry-replies">
      {replies.length === 0 ? <p className="text-sm text-slate-600">{t("adminEnquiries.reply.none")}</p> : null}
      {replies.map((r) => (
        <article key={r.id} className="rounded border border-slate-200 p-3 text-sm" data-testid="enquiry-reply">
          <p className="font-semibold">
            {formatDate(r.createdAt, locale, { style: "numeric", time: "short" })} · {r.authorEmail} ·{" "}
            {r.mailStatus ? t(`adminMail.status.${r.mailStatus}`) : "-"}
          </p>
          <p className="font-semibold">{r.subject}</p>
          <p className="whitespace-pre-wrap">{r.text}</p>
        </article>
      ))}
    </Section>
  );
}

export function ReplyForm({ email, subject }: { email: string; subject: string }) {
  const { t } = useTranslation();
  return (
    <SecureForm className={box} data-testid="reply-form">
      <h2 className="text-lg font-semibold">{t("adminEnquiries.reply.title", { email })}</h2>
      <input type="hidden" name="intent" value="reply" />
      <label className="flex flex-col gap-1 text-sm font-semibold">
        {t("adminEnquiries.subject")}
        <input name="subject" defaultValue={subject.slice(0, 200)} maxLength={200} required className={input} />
      </label>
      <label className="flex flex-col gap-1 text-sm font-semibold">
        {t("adminEnquiries.reply.text")}
        <textarea name="text" rows={6} maxLength={20000} required className={input} />
      </label>
      <Button>{t("adminEnquiries.reply.send")}</Button>
    </SecureForm>
  );
}

export function DraftForm({ entry, currency, locale }: { entry: Entry; currency: { label: string; symbol: string }; locale: Locale }) {
  const { t } = useTranslation();
  if (entry.order) {
    return (
      <Section title={t("adminEnquiries.draft.title")} testId="order-draft">
        <p>
          {t("adminEnquiries.draft.linked")}{" "}
          <Link to={`/admin/orders/${entry.order.slug}`} className="font-semibold text-brand-700 underline">
            {entry.order.slug}
          </Link>{" "}
          · {t(`orders.status.${entry.order.status}`)} · {t(`orders.paymentStatus.${entry.order.paymentStatus}`)} ·{" "}
          {formatPrice(entry.order.totalCents, currency, locale)}
        </p>
      </Section>
    );
  }
  return (
    <SecureForm className={box} data-testid="draft-form">
      <h2 className="text-lg font-semibold">{t("adminEnquiries.draft.title")}</h2>
      <p className="text-sm text-slate-600">{t("adminEnquiries.draft.lead", { currency: currency.label })}</p>
      <input type="hidden" name="intent" value="draft" />
      <input type="hidden" name="version" value={entry.version ?? 0} />
      {(entry.lines ?? []).map((line, i) => (
        <label key={i} className="flex flex-wrap items-center gap-3 text-sm">
          <span className="min-w-64 font-semibold">
            {/* A line cut to a length is priced per running metre, as in the cart (decision 0028). */}
            {t(line.lengthMm ? "adminEnquiries.draft.pricePerMetreOf" : "adminEnquiries.draft.priceOf", {
              line: `${line.quantity} × ${line.name} (${line.sku})`,
            })}
          </span>
          <input
            name={`prices[${i}]`}
            inputMode="decimal"
            required
            maxLength={12}
            pattern="\d{1,7}([.,]\d{1,2})?"
            placeholder="0,00"
            className={input}
          />
        </label>
      ))}
      <label className="flex flex-wrap items-center gap-3 text-sm font-semibold">
        <span className="min-w-64">{t("adminEnquiries.draft.delivery")}</span>
        <input
          name="delivery"
          inputMode="decimal"
          required
          maxLength={12}
          pattern="\d{1,7}([.,]\d{1,2})?"
          defaultValue="0"
          className={input}
        />
      </label>
      <Button>{t("adminEnquiries.draft.create")}</Button>
    </SecureForm>
  );
}
