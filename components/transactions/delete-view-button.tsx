"use client";

import { Trash2 } from "@/components/ui/icons";
import { useI18n } from "@/components/providers/i18n-provider";
import { Button } from "@/components/ui/plain-button";
import { toast } from "@/components/ui/toast";
import { useRefreshingAction } from "@/components/hooks/use-refreshing-action";
import { deleteViewAction } from "@/app/(dashboard)/transactions/actions";

/** A saved view's delete button: at once (the view is only a link; saving it again is one click away), then said in a toast. */
export function DeleteViewButton({ id, name }: { id: string; name: string }) {
  const { t } = useI18n();
  const { pending, run } = useRefreshingAction();
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      className="size-7 rounded-full"
      disabled={pending}
      aria-label={t("transactions.views.delete", { name })}
      onClick={() => run(() => deleteViewAction({ id }), (d) => toast({ title: t("transactions.views.deleted", { name: d.name }) }))}
    >
      <Trash2 aria-hidden className="size-3.5" />
    </Button>
  );
}
