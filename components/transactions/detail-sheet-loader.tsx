"use client";

import { useEffect } from "react";
import { lazyModule, preload, useLazyModule } from "@/components/ui/lazy";
import type { TransactionDetailDto } from "@/lib/transactions/detail";

/**
 * The detail sheet's code (Radix Dialog under the sheet, the story, the technical details) loads
 * when a transaction is opened, or ahead when a row's link is about to be (the pointer resting on
 * it, focus): most visits to the list never open one (./detail-sheet.tsx).
 */
const sheet = lazyModule(() => import("./detail-sheet"));

/** Fetches the sheet's code ahead (a row's link under the pointer or the keyboard's focus). */
export function preloadDetailSheet(): void {
  preload(sheet);
}

export function DetailSheet(props: { id: string; detail: TransactionDetailDto | null }) {
  const loaded = useLazyModule(sheet);
  useEffect(() => preload(sheet), []);
  return loaded ? <loaded.DetailSheet {...props} /> : null;
}
