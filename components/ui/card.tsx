import { slotComponent } from "@/components/ui/slot-component";

const Card = slotComponent("div", "card", "flex flex-col gap-6 rounded-xl border bg-card py-6 text-card-foreground shadow-sm");

const CardHeader = slotComponent(
  "div",
  "card-header",
  "@container/card-header grid auto-rows-min grid-rows-[auto_auto] items-start gap-1.5 px-6 has-data-[slot=card-action]:grid-cols-[1fr_auto] [.border-b]:pb-6",
);

const CardTitle = slotComponent("div", "card-title", "leading-none font-semibold");
const CardDescription = slotComponent("div", "card-description", "text-sm text-muted-foreground");
const CardAction = slotComponent("div", "card-action", "col-start-2 row-span-2 row-start-1 self-start justify-self-end");
const CardContent = slotComponent("div", "card-content", "px-6");
const CardFooter = slotComponent("div", "card-footer", "flex items-center px-6 [.border-t]:pt-6");

export { Card, CardAction, CardContent, CardDescription, CardFooter, CardHeader, CardTitle };
