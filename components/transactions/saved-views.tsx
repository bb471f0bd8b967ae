"use client";

import { useState, useTransition } from "react";
import Link from "@/components/ui/link";
import { useRouter, useSearchParams } from "next/navigation";
import { Bookmark, BookmarkPlus, Trash2 } from "@/components/ui/icons";
import { useI18n } from "@/components/providers/i18n-provider";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/toast";
import { useRefreshingAction } from "@/components/hooks/use-refreshing-action";
import type { SavedViewDto } from "@/lib/transactions/saved-views";
import { deleteViewAction, saveViewAction } from "@/app/(dashboard)/transactions/actions";
import { cn } from "@/lib/utils";

/** The member's saved views as links (one click applies one), and "Save view" for the current filters. */
export function SavedViews({ views }: { views: SavedViewDto[] }) {
  const { t } = useI18n();
  const params = useSearchParams();
  const { pending, run } = useRefreshingAction();
  const router = useRouter();
  const [saving, startSaving] = useTransition();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const current = (() => {
    const p = new URLSearchParams(params.toString());
    p.delete("page");
    p.delete("tx");
    return p.toString();
  })();

  const onSave = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const name = String(new FormData(e.currentTarget).get("name") ?? "");
    setError(null);
    // The refusal stays in the dialog, under the name, rather than in a toast.
    startSaving(async () => {
      const r = await saveViewAction({ name, query: current });
      if (!r.ok) return setError(r.error.fieldErrors?.name ?? r.error.message);
      setOpen(false);
      toast({ title: t("transactions.views.saved", { name: r.data.name }), variant: "success" });
      router.refresh();
    });
  };

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
          <li key={v.id} className={cn("inline-flex items-center rounded-full border pl-3", v.query === current && "border-primary bg-primary/5")}>
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
      <Dialog open={open} onOpenChange={(o) => (setOpen(o), setError(null))}>
        <DialogTrigger asChild>
          <Button type="button" variant="outline" size="sm" className="h-7">
            <BookmarkPlus aria-hidden />
            {t("transactions.views.save")}
          </Button>
        </DialogTrigger>
        <DialogContent>
          <form onSubmit={onSave} className="grid gap-4">
            <DialogHeader>
              <DialogTitle>{t("transactions.views.save")}</DialogTitle>
              <DialogDescription>{t("transactions.views.saveDescription")}</DialogDescription>
            </DialogHeader>
            <div className="grid gap-1.5">
              <Label htmlFor="view-name">{t("transactions.views.name")}</Label>
              <Input id="view-name" name="name" required maxLength={60} autoFocus aria-invalid={error ? true : undefined} aria-describedby={error ? "view-name-error" : undefined} />
              {error && (
                <p id="view-name-error" className="text-sm text-destructive">
                  {error}
                </p>
              )}
            </div>
            <DialogFooter>
              <Button type="submit" disabled={saving}>
                {t("common.save")}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </section>
  );
}
