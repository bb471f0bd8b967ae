"use client";

import { lazy, Suspense, type ComponentProps } from "react";

/*
 * The error page's code (its empty state, icon and button) loads when a boundary shows it, not with
 * every page: each error.tsx of its own carried a copy of it (≈ 1 KiB gzipped each on every route).
 * Served by the same process as the page, which is up whenever it can render this boundary.
 */
const ErrorPage = lazy(() => import("./error-page").then((m) => ({ default: m.ErrorPage })));

export function LazyErrorPage(props: ComponentProps<typeof ErrorPage>) {
  return (
    <Suspense fallback={null}>
      <ErrorPage {...props} />
    </Suspense>
  );
}
