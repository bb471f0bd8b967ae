import type { ComponentProps, ReactNode } from "react";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

/**
 * A section of a page in a card, written once: its heading (an h2 under the page's h1), what it is
 * for, an action beside them (a live status, a link, a button) and its content.
 */
export function SectionCard({
  title,
  description,
  action,
  contentClassName,
  children,
  ...card
}: { title: ReactNode; description?: ReactNode; action?: ReactNode; contentClassName?: string; children: ReactNode } & Omit<ComponentProps<typeof Card>, "title" | "children">) {
  return (
    <Card {...card}>
      <CardHeader>
        <CardTitle>
          <h2>{title}</h2>
        </CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
        {action && <CardAction>{action}</CardAction>}
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}
