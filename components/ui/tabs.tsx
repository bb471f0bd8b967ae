"use client";

import { Tabs as TabsPrimitive } from "radix-ui";

import { slotComponent } from "@/components/ui/slot-component";

const Tabs = slotComponent(TabsPrimitive.Root, "tabs", "flex flex-col gap-2");

const TabsList = slotComponent(
  TabsPrimitive.List,
  "tabs-list",
  "inline-flex h-9 w-fit items-center justify-center rounded-lg bg-muted p-[3px] text-muted-foreground",
);

const TabsTrigger = slotComponent(
  TabsPrimitive.Trigger,
  "tabs-trigger",
  "inline-flex h-[calc(100%-1px)] flex-1 items-center justify-center gap-1.5 rounded-md border border-transparent px-2 py-1 text-sm font-medium whitespace-nowrap text-foreground transition-[color,box-shadow] outline-none disabled:pointer-events-none disabled:opacity-50 data-[state=active]:bg-background data-[state=active]:shadow-sm dark:text-muted-foreground dark:data-[state=active]:border-input dark:data-[state=active]:bg-input/30 dark:data-[state=active]:text-foreground " +
    "focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
);

const TabsContent = slotComponent(
  TabsPrimitive.Content,
  "tabs-content",
  "flex-1 rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
);

export { Tabs, TabsContent, TabsList, TabsTrigger };
