"use client";

import { lazyModule } from "@/components/ui/lazy";

/**
 * The Transactions toolbar's code: the filter bar with its chips' panels, "More filters", the Sort
 * and Columns menus (Radix, nuqs for the URL). Fetched once the page is idle, or at once on the
 * first intent on any of them; until then each draws its light self from the server's words
 * (./filter-bar.tsx, ./view-options.tsx).
 */
export const toolbarCode = lazyModule(() => import("./filter-bar-loaded"));
