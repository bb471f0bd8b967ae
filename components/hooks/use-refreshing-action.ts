"use client";

import { useTransition } from "react";
import { useRouter } from "next/navigation";
import { toast } from "@/components/ui/toast";
import type { ActionResult } from "@/lib/actions/result";

/**
 * A button's server action: pending while it runs, its refusal shown as a toast in the member's
 * words, `onOk` on success, and the page re-rendered from the server either way.
 */
export function useRefreshingAction() {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const run = <T>(call: () => Promise<ActionResult<T>>, onOk?: (data: T) => void) =>
    startTransition(async () => {
      const result = await call();
      if (result.ok) onOk?.(result.data);
      else toast({ title: result.error.message, variant: "destructive" });
      router.refresh();
    });
  return { pending, run };
}
