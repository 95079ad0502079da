import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";

/**
 * A <details> menu that opens without JavaScript and closes after a navigation: a tap on
 * one of its links navigates in place, so the menu would stay open over the new page
 * (decision 0037). Returns the ref to put on the <details>.
 */
export function useClosedOnNavigation() {
  const menu = useRef<HTMLDetailsElement>(null);
  const { key } = useLocation();
  useEffect(() => menu.current?.removeAttribute("open"), [key]);
  return menu;
}
