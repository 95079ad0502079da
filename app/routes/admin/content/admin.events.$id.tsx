import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { isDomainError } from "~/.server/domain-error";
import { formConstraint, readSubmission, refuse } from "~/.server/forms.server";
import { setToast } from "~/.server/toast.server";
import { AuditTrail } from "~/components/admin/audit-trail";
import { AdminPage } from "~/components/admin/list-page";
import { SecureForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { FormError } from "~/components/ui/message";
import { resultFor } from "~/lib/forms/use-shop-form";
import { useTranslation } from "~/lib/i18n";
import { href } from "~/lib/routes-table";
import { auditTrail } from "~/modules/kernel/audit.server";
import { rowIdOrNew, rowNotFound } from "~/routes/http/row-param.server";
import { requireStaff } from "~/routes/http/staff.server";
import { attendeeSchema, eventPostSchema, eventSchema } from "~/modules/content-admin/content-admin.schema";
import { deleteEvent, eventEditView, saveEvent } from "~/modules/content-admin/event-admin.server";
import { addAttendee, removeAttendee } from "~/modules/content-admin/event-attendees.server";
import { AttendeeForm, EventForm } from "~/modules/content-admin/event-forms";
import { requestLocale } from "~/.server/shopper.server";
import { answerDomainError } from "~/.server/http/domain-error.server";

export const handle = { i18n: ["adminContent"] };

/** One event (/admin/events/:id, or new): the editor, its attendees (add, remove, CSV), delete, audit trail. */
const eventIdOf = (request: Request, raw: string | undefined) => rowIdOrNew(request, raw, "adminContent.events.errors.notFound");
const notFound = (request: Request) => rowNotFound(request, "adminContent.events.errors.notFound");

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, "editor");
  const id = await eventIdOf(request, params.id);
  const event = id === null ? null : await eventEditView(id);
  if (id !== null && !event) throw await notFound(request);
  return {
    locale: requestLocale(request).locale,
    event,
    constraint: formConstraint(eventSchema),
    attendeeConstraint: formConstraint(attendeeSchema),
    audit: id ? await auditTrail("event", id) : [],
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request, "editor");
  const id = await eventIdOf(request, params.id);
  const { submission } = await readSubmission(request, eventPostSchema);
  if (submission.status !== "success") return refuse(submission);
  const input = submission.value;
  const done = async (key: string, to: string) => redirect(to, { headers: await setToast({ type: "success", key }) });
  try {
    if (input.intent === "save") {
      const saved = await saveEvent(staff, id, input);
      return await done(id ? "adminContent.events.saved" : "adminContent.events.created", `/admin/events/${saved}`);
    }
    if (id === null) throw await notFound(request);
    switch (input.intent) {
      case "addAttendee":
        await addAttendee(staff, id, input);
        return await done("adminContent.attendees.added", `/admin/events/${id}`);
      case "removeAttendee":
        await removeAttendee(staff, id, input.attendeeId);
        return await done("adminContent.attendees.removed", `/admin/events/${id}`);
      case "delete":
        await deleteEvent(staff, id, input.version);
        return await done("adminContent.events.deleted", "/admin/events");
    }
  } catch (error) {
    if (isDomainError(error) && error.status === 404) throw await notFound(request);
    return answerDomainError(error, submission, ["endsAt"]);
  }
}

export default function AdminEvent() {
  const { locale, event, constraint, attendeeConstraint, audit } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation();
  const otherResult = resultFor(answer, "removeAttendee") ?? resultFor(answer, "delete");
  return (
    <AdminPage
      title={event ? event.values.translations.hr.title || `#${event.id}` : t("adminContent.events.new")}
      testId="admin-event"
      actions={
        <>
          {event ? (
            <a href={href("event", "hr", { id: String(event.id) })} className="text-sm underline">
              {t("adminContent.view")}
            </a>
          ) : null}
          <Link to="/admin/events" className="text-sm underline">
            {t("adminContent.events.back")}
          </Link>
        </>
      }
    >
      <EventForm
        key={event?.version ?? "new"}
        values={event?.values ?? null}
        version={event?.version ?? null}
        lastResult={resultFor(answer, "save")}
        constraint={constraint}
      />
      {event ? (
        <>
          <section className="space-y-3" data-testid="attendees">
            <h2 className="text-lg font-semibold">{t("adminContent.attendees.title", { n: event.attendeesTotal })}</h2>
            {event.attendees.length ? (
              <div className="relative overflow-x-auto">
                <table className="w-full text-sm" data-testid="attendees-table">
                  <thead>
                    <tr className="text-left">
                      <th>{t("adminContent.attendees.name")}</th>
                      <th>{t("adminContent.attendees.email")}</th>
                      <th className="text-right">{t("adminContent.attendees.seats")}</th>
                      <th>{t("adminContent.attendees.note")}</th>
                      <th>
                        <span className="sr-only">{t("adminContent.attendees.remove")}</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {event.attendees.map((a) => (
                      <tr key={a.id} className="border-t border-slate-200" data-testid="attendee-row">
                        <td>{a.name}</td>
                        <td>{a.email}</td>
                        <td className="text-right">{a.seats}</td>
                        <td>{a.note}</td>
                        <td className="text-right">
                          <SecureForm>
                            <input type="hidden" name="intent" value="removeAttendee" />
                            <input type="hidden" name="attendeeId" value={a.id} />
                            <Button size="sm" variant="secondary" aria-label={t("adminContent.attendees.removeOne", { name: a.name })}>
                              {t("adminContent.attendees.remove")}
                            </Button>
                          </SecureForm>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : (
              <p className="text-sm text-slate-600">{t("adminContent.attendees.none")}</p>
            )}
            <a href={`/admin/events/${event.id}/attendees.csv`} className="text-sm underline" data-testid="attendees-csv">
              {t("adminContent.attendees.csv")}
            </a>
            <AttendeeForm key={event.attendees.length} lastResult={resultFor(answer, "addAttendee")} constraint={attendeeConstraint} />
          </section>
          <SecureForm className="flex flex-col items-start gap-2 rounded border border-slate-200 bg-white p-4" data-testid="event-delete">
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="version" value={event.version} />
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="confirm" value="on" required />
              {t("adminContent.deleteConfirm")}
            </label>
            <Button variant="secondary">{t("adminContent.events.delete")}</Button>
            <FormError errors={otherResult?.error?.[""] ?? otherResult?.error?.confirm} testId="event-other-error" />
          </SecureForm>
          <AuditTrail
            entries={audit}
            locale={locale}
            actionLabel={(action) => t(`adminContent.audit.${action}`, { defaultValue: action })}
          />
        </>
      ) : null}
    </AdminPage>
  );
}
