import { useMatches, useRouteError } from "@remix-run/react";
import { jsonLdOf, jsonLdText } from "~/lib/structured-data";

/** The page's schema.org JSON-LD in the head (issue 13 item 14); none on error pages. */
export function StructuredData() {
  const matches = useMatches();
  const error = useRouteError();
  if (error) return null;
  return (
    <>
      {jsonLdOf(matches).map((value, i) => (
        // Escaped for a script element by jsonLdText (no `<`, `>` or `&` left).
        <script key={i} type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(value) }} />
      ))}
    </>
  );
}
