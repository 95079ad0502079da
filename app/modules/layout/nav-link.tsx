import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

type Props = { href: string; external: boolean; className?: string; children: ReactNode };

/** A CMS link: external addresses open in a new tab (spec §2 Links), internal ones stay in the app. */
export function NavLink({ href, external, className, children }: Props) {
  if (external) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
        {children}
      </a>
    );
  }
  if (href.startsWith("#"))
    return (
      <a href={href} className={className}>
        {children}
      </a>
    );
  return (
    <Link to={href} prefetch="intent" className={className}>
      {children}
    </Link>
  );
}
