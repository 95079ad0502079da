import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { localPath } from "~/lib/local-path";
import { readSubmission, refuse, refuseWith } from "~/.server/forms.server";
import { getFixedT } from "~/.server/i18n.server";
import { setToast } from "~/.server/toast.server";
import { getCurrentUser, requestLocale } from "~/.server/shopper.server";
import { VIA_FETCHER, type FormAnswer } from "~/modules/forms/form-fields";
import { FormBlock } from "~/modules/forms/form-block";
import { formDataSchema } from "~/modules/forms/form.schema";
import { formView, getFormDefinition, submitForm } from "~/modules/forms/forms.server";

// Message namespaces this page needs beside the root's (and its layout's): docs/decisions/0015.
export const handle = { i18n: ["consent", "forms"] };

/**
 * A form by its slug (/obrazac/{slug}, /en/form, /de/formular): the contact form
 * ('contact') or a form defined in the database. Pages post their form blocks here. With
 * JavaScript a fetcher gets the answer as data; without it a sent form goes back to the
 * page it came from with a toast (POST → redirect → GET), a refused one renders here
 * with the field messages and what was typed (400), never a 500.
 */
async function notFound(request: Request): Promise<never> {
  const t = await getFixedT(requestLocale(request).locale);
  throw new Response(t("error.pageNotFound"), { status: 404 });
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { locale } = requestLocale(request);
  const form = await formView(params.slug ?? "", locale);
  if (!form) return notFound(request);
  return { locale, title: form.title, form };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }, { name: "robots", content: "noindex" }];

export async function action({ request, params }: ActionFunctionArgs) {
  const definition = await getFormDefinition(params.slug ?? "");
  if (!definition) return notFound(request);
  // The schema is built from the form's definition: its fields, required ones, limits and options.
  const { submission } = await readSubmission(request, formDataSchema(definition.fields));
  if (submission.status !== "success") return refuse(submission);
  const { acceptedConsents, redirectTo, via, ...values } = submission.value;
  const { locale } = requestLocale(request);
  const user = await getCurrentUser(request);
  const result = await submitForm({
    definition,
    data: values as Record<string, string | boolean | File[]>,
    acceptedIds: acceptedConsents,
    locale,
    userType: user ? "registered" : "anonymous",
  });
  if (!result.ok) return refuseWith(submission, result.error, ["consents"]);
  // A form asking for e-mail confirmation has mailed the sender a link instead (decision 0063).
  const key = result.awaitingConfirmation ? "forms.confirmationSent" : "forms.sent";
  if (via === VIA_FETCHER) return data<FormAnswer>({ ok: true, key });
  const back = localPath(redirectTo, new URL(request.url).pathname);
  return redirect(back, { headers: await setToast({ type: "success", key }) });
}

export default function FormPage() {
  const { form } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <div className="mx-auto max-w-3xl px-4 py-10" data-testid="form-page">
      <FormBlock form={form} answer={answer} busy={navigation.state === "submitting"} headingLevel={1} />
    </div>
  );
}
