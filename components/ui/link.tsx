"use client";

import NextLink from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useRef, type ComponentProps } from "react";

/** How long the pointer or the focus rests on a link before its page is fetched ahead. */
export const INTENT_MS = 80;

/**
 * The app's link: next/link, with its page fetched ahead on intent (the pointer resting on it, the
 * keyboard's focus, a touch) instead of whenever it scrolls into view. Every signed-in page is
 * rendered per request, so each prefetch is a request the server renders: a Transactions page in
 * view asked for about 25 of them (every row, every sort, every menu entry), ≈ 10–18 ms of server CPU
 * each against ≈ 25 ms for the page itself, and again after each live refresh. `prefetch` given
 * explicitly is next/link's own behaviour.
 */
export default function Link({ prefetch, onMouseEnter, onMouseLeave, onFocus, onBlur, onTouchStart, ...props }: ComponentProps<typeof NextLink>) {
  const router = useRouter();
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  if (prefetch !== undefined) return <NextLink prefetch={prefetch} onMouseEnter={onMouseEnter} onMouseLeave={onMouseLeave} onFocus={onFocus} onBlur={onBlur} onTouchStart={onTouchStart} {...props} />;
  const href = typeof props.href === "string" ? props.href : null;
  const fetchAhead = () => {
    if (href !== null && href.startsWith("/")) router.prefetch(href);
  };
  const soon = () => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(fetchAhead, INTENT_MS);
  };
  const cancel = () => window.clearTimeout(timer.current);
  return (
    <NextLink
      prefetch={false}
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
