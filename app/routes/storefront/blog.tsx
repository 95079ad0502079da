import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { href } from "~/lib/routes-table";
import { answerPage } from "~/routes/http/page-outcome.server";
import { titleMeta } from "~/lib/meta";
import { loadBlogPage } from "~/modules/blog/blog-page.server";
import { BlogPage } from "~/modules/blog/blog-view";
import { requestLocale } from "~/.server/shopper.server";

// Message namespaces this page needs beside the root's (and its layout's): docs/decisions/0015.
export const handle = { i18n: ["blog", "events"] };

/** /blog/{slug?} (hr /objave/{slug?}): all posts, or a category's or tag's (spec §2). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { locale } = requestLocale(request);
  return answerPage(await loadBlogPage(new URL(request.url), params.slug, locale), locale, href("blog", locale));
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [...titleMeta({ data })];

export default function Blog() {
  return <BlogPage data={useLoaderData<typeof loader>()} />;
}
