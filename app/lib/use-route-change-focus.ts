import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

// After a client-side navigation, bring the visitor to the top of the new page and move
// focus to its main heading, so keyboard and screen-reader users start reading it there.
// The first render is skipped: a fresh page load already starts at the top.
export function useRouteChangeFocus<T extends HTMLElement>() {
  const mainRef = useRef<T>(null);
  const { pathname, hash } = useLocation();
  const shownPath = useRef(pathname);

  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;

    const main = mainRef.current;
    if (!main) return;
    const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    const behavior: ScrollBehavior = reduceMotion ? "auto" : "smooth";
    const anchor = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;

    if (anchor) {
      anchor.scrollIntoView({ behavior });
    } else {
      window.scrollTo({ top: 0, behavior });
    }
    const target = anchor ?? main.querySelector<HTMLElement>("h1") ?? main;
    if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
    target.focus({ preventScroll: true });
  }, [pathname, hash]);

  return mainRef;
}
