"use client";

/**
 * The public payment page's live status: a query on /api/pay/{token} refetched every few seconds
 * (the payer has no session, so no event stream to invalidate it) and at once when the payer comes
 * back to the tab from their bank's app; the page re-renders when the status changes or the page is
 * gone. The page's own layout gives it the QueryProvider (it is outside the dashboard's).
 */
import { useEffect } from "react";
import { useRouter } from "next/navigation";
import { useQuery } from "@tanstack/react-query";

/** "paid:false", "pending:true" (verifying), or "gone" once the page no longer answers. */
async function readPayStatus(token: string, signal: AbortSignal): Promise<string> {
  const res = await fetch(`/api/pay/${encodeURIComponent(token)}`, { cache: "no-store", signal });
  if (!res.ok) return "gone";
  const body = (await res.json()) as { status: string; verifying: boolean };
  return `${body.status}:${body.verifying}`;
}

export function PayStatusWatcher({ token, status, intervalMs = 3000 }: { token: string; status: string; intervalMs?: number }) {
  const router = useRouter();
  const { data } = useQuery({
    queryKey: ["pay-status", token],
    queryFn: ({ signal }) => readPayStatus(token, signal),
    initialData: status,
    refetchInterval: intervalMs,
    staleTime: 0,
    // Offline for a moment: the next interval asks again.
    retry: false,
  });
  useEffect(() => {
    if (data !== status) router.refresh();
  }, [data, status, router]);
  return null;
}
