"use client";

import { LazyErrorPage } from "@/components/shell/lazy-error-page";

/** Unexpected failures inside the dashboard's frame: a generic message with the request's id as reference. */
export default function DashboardError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <LazyErrorPage {...props} />;
}
