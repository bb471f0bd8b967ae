import * as React from "react";
import { InboxIcon } from "@/components/ui/icons";

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

/**
 * Styled in app/globals.css (`.empty-state`): it is in every page's flight data, as the not-found and
 * forbidden pages, so only the title and description carry a `data-slot` (the CSS reads those two).
 */
function EmptyState({ icon, title, description, action, titleAs: Title = "h2", className, ...props }: EmptyStateProps) {
  return (
    <div
      className={className ? `empty-state ${className}` : "empty-state"}
      {...props}
    >
      <div
        aria-hidden="true"
        className="empty-state-icon"
      >
        {icon ?? <InboxIcon />}
      </div>
      <div className="empty-state-text">
        <Title data-slot="empty-state-title">
          {title}
        </Title>
        {description && (
          <p data-slot="empty-state-description">
            {description}
          </p>
        )}
      </div>
      {action && <div>{action}</div>}
    </div>
  );
}

export { EmptyState, type EmptyStateProps };
