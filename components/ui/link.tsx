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
 * The app's link: an `<a>` whose plain clicks on the app's own pages go through the App Router
 * (`router.push`), with the page fetched ahead on intent (the pointer resting on it, the keyboard's
 * focus, a touch) instead of whenever it scrolls into view: every signed-in page is rendered per
 * request, so each prefetch is a request the server renders (a Transactions page in view asked for
 * about 25 of them).
 *
 * Not next/link: with its URL helpers it was ≈ 4 KiB gzipped of every signed-in page's JavaScript
 * for what these few lines do (issue 31). A click with a modifier key, another button, a `target`,
 * a download or an address outside the app is the browser's own.
 */
export default function Link({ href, replace = false, scroll = true, onClick, onMouseEnter, onMouseLeave, onFocus, onBlur, onTouchStart, ...props }: LinkProps) {
  const router = useRouter();
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const inApp = href.startsWith("/") && !href.startsWith("//");
  const fetchAhead = () => {
    if (inApp) router.prefetch(href);
  };
  const soon = () => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(fetchAhead, INTENT_MS);
  };
  const cancel = () => window.clearTimeout(timer.current);
  const navigate = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || !inApp || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    if ((props.target && props.target !== "_self") || props.download !== undefined) return;
    e.preventDefault();
    if (replace) router.replace(href, { scroll });
    else router.push(href, { scroll });
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
