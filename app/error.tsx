"use client";

import { LazyErrorPage } from "@/components/shell/lazy-error-page";

/**
 * Unexpected failures above the dashboard's frame (its layout could not be rendered: the database
 * does not answer, say): the same page, on its own.
 */
export default function RootError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <LazyErrorPage {...props} standalone />;
}
