import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { safeRedirect } from "remix-utils/safe-redirect";
import { getFixedT } from "~/.server/i18n.server";
import { readForm } from "~/.server/security.server";
import { setToast } from "~/.server/toast.server";
import { getCurrentUser } from "~/modules/account/user.server";
import { readAcceptedConsents } from "~/modules/consent/consent.schema";
import { VIA_FETCHER, type FormAnswer } from "~/modules/forms/form-fields";
import { FormBlock } from "~/modules/forms/form-block";
import { formView, submitForm } from "~/modules/forms/forms.server";
import { requestLocale } from "~/modules/site/locale.server";

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
  const form = await readForm(request);
  const { locale } = requestLocale(request);
  const user = await getCurrentUser(request);
  const accepted = readAcceptedConsents(form);
  const result = await submitForm({
    slug: params.slug ?? "",
    fields: form,
    acceptedIds: accepted,
    locale,
    userType: user ? "registered" : "anonymous",
  });
  if (!result) return notFound(request);
  const viaFetcher = form.get("via") === VIA_FETCHER;
  if (result.ok) {
    const key = "forms.sent";
    if (viaFetcher) return data<FormAnswer>({ ok: true, key });
    const back = safeRedirect(form.get("redirectTo"), new URL(request.url).pathname);
    return redirect(back, { headers: await setToast({ type: "success", key }) });
  }
  const values: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string" && name !== "csrf") values[name] = value;
  return data<FormAnswer>({ ok: false, errors: result.errors, values, accepted }, { status: result.status });
}

export default function FormPage() {
  const { form } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <main className="mx-auto max-w-3xl px-4 py-10" data-testid="form-page">
      <FormBlock form={form} answer={answer} busy={navigation.state === "submitting"} headingLevel={1} />
    </main>
  );
}
