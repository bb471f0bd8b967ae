"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, type AnchorHTMLAttributes, type MouseEvent, type Ref } from "react";

/** How long the pointer or the focus rests on a link before its page is fetched ahead. */
export const INTENT_MS = 80;

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  href: string;
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
  /** Scroll to the top of the new page (the default), or stay where the reader is. */
  scroll?: boolean;
  ref?: Ref<HTMLAnchorElement>;
};

/**
 * The app's own address `href` leads to (a path, or a query such as `?page=2&tx=…` on the current
 * page), or null for what the browser does itself: another origin, another scheme (mailto:), or a
 * fragment of the same page.
 */
function inApp(href: string): string | null {
  if (href.startsWith("#")) return null;
  const url = new URL(href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  return url.pathname + url.search + url.hash;
}

/**
 * The app's link: an `<a>` whose plain clicks on the app's own pages go through the App Router
 * (`router.push`), with the page fetched ahead on intent (the pointer resting on it, the keyboard's
 * focus, a touch) instead of whenever it scrolls into view: every signed-in page is rendered per
 * request, so each prefetch is a request the server renders (a Transactions page in view asked for
 * about 25 of them).
 *
 * Not next/link: with its URL helpers it was ≈ 2.8 KiB gzipped of every signed-in page's JavaScript
 * for what these few lines do (issue 31). A click with a modifier key, another button, a `target`,
 * a download, a fragment of the page or an address outside the app is the browser's own.
 */
export default function Link({ href, replace = false, scroll = true, onClick, onMouseEnter, onMouseLeave, onFocus, onBlur, onTouchStart, ...props }: LinkProps) {
  const router = useRouter();
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const fetchAhead = () => {
    const to = inApp(href);
    if (to !== null) router.prefetch(to);
  };
  const soon = () => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(fetchAhead, INTENT_MS);
  };
  const cancel = () => window.clearTimeout(timer.current);
  const navigate = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    if ((props.target && props.target !== "_self") || props.download !== undefined) return;
    const to = inApp(href);
    if (to === null) return;
    e.preventDefault();
    if (replace) router.replace(to, { scroll });
    else router.push(to, { scroll });
  };
  return (
    <a
      href={href}
      onClick={navigate}
      onMouseEnter={(e) => {
        onMouseEnter?.(e);
        soon();
      }}
      onMouseLeave={(e) => {
        onMouseLeave?.(e);
        cancel();
      }}
      onFocus={(e) => {
        onFocus?.(e);
        soon();
      }}
      onBlur={(e) => {
        onBlur?.(e);
        cancel();
      }}
      onTouchStart={(e) => {
        onTouchStart?.(e);
        fetchAhead();
      }}
      {...props}
    />
  );
}
