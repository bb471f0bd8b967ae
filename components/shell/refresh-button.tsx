"use client";

import { RefreshCw } from "@/components/ui/icons";
import { Button } from "@/components/ui/plain-button";
import { useRefreshingAction } from "@/components/hooks/use-refreshing-action";
import type { ActionResult } from "@/lib/actions/result";

/**
 * "Ask the API again now" instead of the team's shared copy (within the rate budget): runs a server
 * action passed by the page, spins while it runs, and re-renders the page.
 */
export function RefreshButton({ action, label, testId }: { action: (input: Record<string, never>) => Promise<ActionResult<unknown>>; label: string; testId?: string }) {
  const { pending, run } = useRefreshingAction();
  return (
    <Button size="sm" variant="outline" disabled={pending} onClick={() => run(() => action({}))} data-testid={testId}>
      <RefreshCw aria-hidden className={pending ? "animate-spin" : undefined} /> {label}
    </Button>
  );
}
