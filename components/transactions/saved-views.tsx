"use client";

import Link from "@/components/ui/link";
import { useSearchParams } from "next/navigation";
import { Bookmark, Trash2 } from "@/components/ui/icons";
import { useI18n } from "@/components/providers/i18n-provider";
import { Button } from "@/components/ui/plain-button";
import { toast } from "@/components/ui/toast";
import { useRefreshingAction } from "@/components/hooks/use-refreshing-action";
import type { SavedViewDto } from "@/lib/transactions/saved-views";
import { deleteViewAction } from "@/app/(dashboard)/transactions/actions";
import { SaveViewDialog } from "./save-view-dialog";
import { cx } from "@/lib/class-join";

/** The member's saved views as links (one click applies one), and "Save view" for the current filters. */
export function SavedViews({ views }: { views: SavedViewDto[] }) {
  const { t } = useI18n();
  const params = useSearchParams();
  const { pending, run } = useRefreshingAction();
  const current = (() => {
    const p = new URLSearchParams(params.toString());
    p.delete("page");
    p.delete("tx");
    return p.toString();
  })();

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
            <Button
              type="button"
              variant="ghost"
              size="icon"
              className="size-7 rounded-full"
              disabled={pending}
              aria-label={t("transactions.views.delete", { name: v.name })}
              onClick={() => run(() => deleteViewAction({ id: v.id }), (d) => toast({ title: t("transactions.views.deleted", { name: d.name }) }))}
            >
              <Trash2 aria-hidden className="size-3.5" />
            </Button>
          </li>
        ))}
      </ul>
      <SaveViewDialog current={current} />
    </section>
  );
}
