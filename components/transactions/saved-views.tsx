import Link from "@/components/ui/link";
import { Bookmark } from "@/components/ui/icons";
import type { Translate } from "@/lib/i18n/translate";
import type { SavedViewDto } from "@/lib/transactions/saved-views";
import { cx } from "@/lib/class-join";
import { DeleteViewButton } from "./delete-view-button";
import { SaveViewDialog } from "./save-view-dialog";

/**
 * The member's saved views as links (one click applies one), and "Save view" for the current filters
 * (`current`: the view's query as a saved view holds it, lib/transactions/saved-views.ts `viewQueryOf`).
 * Drawn by the server: only the delete buttons and "Save view" are the browser's.
 */
export function SavedViews({ views, current, t }: { views: SavedViewDto[]; current: string; t: Translate }) {
  return (
    <section aria-labelledby="views-title" className="flex flex-wrap items-center gap-2 text-sm">
      <h2 id="views-title" className="inline-flex items-center gap-1 font-medium">
        <Bookmark aria-hidden className="size-4" />
        {t("transactions.views.title")}:
      </h2>
      {/* The hint gives way at phone width, where the list should start on the first screen. */}
      {views.length === 0 && <p className="text-muted-foreground max-md:sr-only">{t("transactions.views.none")}</p>}
      <ul className="flex flex-wrap items-center gap-1.5">
        {views.map((v) => (
          <li key={v.id} className={cx("inline-flex items-center rounded-full border pl-3", v.query === current && "border-primary bg-primary/5")}>
            <Link href={`/transactions${v.query ? `?${v.query}` : ""}`} aria-label={t("transactions.views.apply", { name: v.name })} aria-current={v.query === current ? "true" : undefined} className="py-1 hover:underline" data-testid="saved-view">
              {v.name}
            </Link>
            <DeleteViewButton id={v.id} name={v.name} />
          </li>
        ))}
      </ul>
      <SaveViewDialog current={current} />
    </section>
  );
}
