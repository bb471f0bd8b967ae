"use client";

import Link from "@/components/ui/link";
import { ChevronRight, CircleX, Files, ListChecks, ShieldAlert, UserCheck } from "@/components/ui/icons";
import { Badge } from "@/components/ui/badge";

const ICONS = { infraction: ShieldAlert, approval: UserCheck, batch: Files, failed: CircleX, review: ListChecks } as const;

/** A line of "Needs your attention" as the server has already written it (components/overview/attention.tsx). */
export type AttentionLine = {
  key: string;
  /** the item's kind (its test id) */
  kind: string;
  href: string;
  icon: keyof typeof ICONS;
  title: string;
  detail?: string;
  detailClass?: string;
  badge?: { variant: "warning" | "destructive"; text: string };
  data?: Record<string, string>;
};

/**
 * The lines of "Needs your attention", each a link to where it is done, drawn from what the server
 * wrote: the page's flight data carries a line as this short record, its icon by name.
 */
export function AttentionLines({ lines }: { lines: AttentionLine[] }) {
  return (
    <ul className="ov-list">
      {lines.map((line) => {
        const Icon = ICONS[line.icon];
        return (
          <li key={line.key} data-testid={`attention-${line.kind}`} {...line.data}>
            <Link href={line.href} className="ov-line ov-att">
              <span aria-hidden className="text-muted-foreground [&_svg]:size-4">
                <Icon />
              </span>
              <span className="grid min-w-0 flex-1 gap-0.5">
                <span className="text-sm font-medium">{line.title}</span>
                {line.detail && <span className={line.detailClass ? `text-xs ${line.detailClass}` : "text-xs text-muted-foreground"}>{line.detail}</span>}
              </span>
              {line.badge && (
                <Badge variant={line.badge.variant} data-testid="alert-threshold">
                  {line.badge.text}
                </Badge>
              )}
              <ChevronRight aria-hidden className="size-4 shrink-0 text-muted-foreground" />
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
