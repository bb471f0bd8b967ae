import * as React from "react";
import { InboxIcon } from "lucide-react";

import { cn } from "@/lib/utils";

type EmptyStateProps = Omit<React.ComponentProps<"div">, "title"> & {
  /** Decorative icon element, e.g. `<ReceiptIcon />`; defaults to an inbox. */
  icon?: React.ReactNode;
  title: React.ReactNode;
  description?: React.ReactNode;
  /** Usually a `<Button>` or `<Button asChild><Link …/></Button>`. */
  action?: React.ReactNode;
  /** Heading level of the title, to fit the page outline. */
  titleAs?: "h1" | "h2" | "h3" | "h4" | "p";
};

function EmptyState({ icon, title, description, action, titleAs: Title = "h2", className, ...props }: EmptyStateProps) {
  return (
    <div
      data-slot="empty-state"
      className={cn(
        "flex flex-col items-center justify-center gap-4 rounded-lg border border-dashed p-8 text-center text-balance",
        className,
      )}
      {...props}
    >
      <div
        data-slot="empty-state-icon"
        aria-hidden="true"
        className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground [&_svg:not([class*='size-'])]:size-6"
      >
        {icon ?? <InboxIcon />}
      </div>
      <div className="flex max-w-sm flex-col gap-1">
        <Title data-slot="empty-state-title" className="text-base font-semibold">
          {title}
        </Title>
        {description && (
          <p data-slot="empty-state-description" className="text-sm text-muted-foreground">
            {description}
          </p>
        )}
      </div>
      {action && <div data-slot="empty-state-action">{action}</div>}
    </div>
  );
}

export { EmptyState, type EmptyStateProps };
