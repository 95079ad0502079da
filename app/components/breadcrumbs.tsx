import { Link } from "@remix-run/react";

/**
 * A visible breadcrumb: links up the path, the last item (the page itself) as text with
 * aria-current. The same items feed the page's BreadcrumbList JSON-LD.
 */
export function Breadcrumbs({ items, label }: { items: { name: string; href: string }[]; label: string }) {
  return (
    <nav aria-label={label} className="text-sm text-slate-600" data-testid="breadcrumb">
      <ol className="flex flex-wrap gap-1">
        {items.map((item, i) => (
          <li key={item.href} className="flex gap-1">
            {i > 0 ? <span aria-hidden="true">›</span> : null}
            {i === items.length - 1 ? (
              <span aria-current="page">{item.name}</span>
            ) : (
              <Link to={item.href} className="hover:text-brand-700">
                {item.name}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
