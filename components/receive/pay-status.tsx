"use client";

/**
 * The public payment page's live status: asks /api/pay/{token} every few seconds (the payer has no
 * session, so no event stream) and re-renders the page when the status changes or the page is gone.
 */
import { useEffect, useRef } from "react";
import { useRouter } from "next/navigation";

export function PayStatusWatcher({ token, status, intervalMs = 3000 }: { token: string; status: string; intervalMs?: number }) {
  const router = useRouter();
  const last = useRef(status);
  useEffect(() => {
    last.current = status;
  }, [status]);
  useEffect(() => {
    let stopped = false;
    const tick = async () => {
      try {
        const res = await fetch(`/api/pay/${encodeURIComponent(token)}`, { cache: "no-store" });
        const body = res.ok ? ((await res.json()) as { status: string; verifying: boolean }) : null;
        const next = body ? `${body.status}:${body.verifying}` : "gone";
        if (!stopped && next !== last.current) {
          last.current = next;
          router.refresh();
        }
      } catch {
        // offline for a moment: the next tick tries again
      }
    };
    const t = setInterval(tick, intervalMs);
    return () => {
      stopped = true;
      clearInterval(t);
    };
  }, [token, intervalMs, router]);
  return null;
}

export function PrintButton({ label }: { label: string }) {
  return (
    <button type="button" onClick={() => window.print()} className="inline-flex h-11 items-center rounded-md border px-4 text-sm hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none print:hidden">
      {label}
    </button>
  );
}
