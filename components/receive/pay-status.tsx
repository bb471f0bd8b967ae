"use client";

/**
 * The public payment page's live status: /api/pay/{token} asked every few seconds while the page is
 * shown (the payer has no session, so no event stream), and at once when the payer comes back to
 * the tab from their bank's app; the page re-renders when the status changes or the page is gone.
 *
 * A timer and two listeners rather than React Query, which the dashboard's pages use: this is the
 * one page a payer opens, on a phone, and the library was ≈ 12 KiB of its ≈ 162 KiB of JavaScript
 * (gzipped) for one request repeated.
 */
import { useEffect } from "react";
import { useRouter } from "next/navigation";

/** "paid:false", "pending:true" (verifying), or "gone" once the page no longer answers. */
async function readPayStatus(token: string, signal: AbortSignal): Promise<string> {
  const res = await fetch(`/api/pay/${encodeURIComponent(token)}`, { cache: "no-store", signal });
  if (!res.ok) return "gone";
  const body = (await res.json()) as { status: string; verifying: boolean };
  return `${body.status}:${body.verifying}`;
}

export function PayStatusWatcher({ token, status, intervalMs = 3000 }: { token: string; status: string; intervalMs?: number }) {
  const router = useRouter();
  useEffect(() => {
    let asking: AbortController | null = null;
    const ask = async () => {
      // One question at a time, and none while the page is hidden (the phone is in the bank's app).
      if (asking || document.visibilityState !== "visible") return;
      const controller = (asking = new AbortController());
      try {
        if ((await readPayStatus(token, controller.signal)) !== status) router.refresh();
      } catch {
        // Offline for a moment, or the page left: the next interval asks again.
      } finally {
        if (asking === controller) asking = null;
      }
    };
    const timer = setInterval(() => void ask(), intervalMs);
    const back = () => void ask();
    document.addEventListener("visibilitychange", back);
    window.addEventListener("focus", back);
    return () => {
      clearInterval(timer);
      asking?.abort();
      asking = null;
      document.removeEventListener("visibilitychange", back);
      window.removeEventListener("focus", back);
    };
  }, [token, status, intervalMs, router]);
  return null;
}
