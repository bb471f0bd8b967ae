"use client";

import { useTransition } from "react";
import { useRouter } from "next/navigation";
import { NativeSelect } from "@/components/ui/native-select";
import { toast } from "@/components/ui/toast";
import { useI18n } from "@/components/providers/i18n-provider";
import { assignInfractionAction } from "@/app/(dashboard)/infractions/actions";

/** Who handles an infraction: a member who may reply, or nobody. */
export function AssignSelect({ infractionId, assigneeId, members }: { infractionId: string; assigneeId: string | null; members: { id: string; name: string }[] }) {
  const { t } = useI18n();
  const router = useRouter();
  const [pending, start] = useTransition();
  return (
    <label className="grid gap-1 text-sm">
      <span className="text-muted-foreground">{t("infractions.assignee")}</span>
      <NativeSelect
        className="w-full"
        value={assigneeId ?? ""}
        disabled={pending}
        data-testid="assign-select"
        onChange={(e) =>
          start(async () => {
            const r = await assignInfractionAction({ id: infractionId, assigneeId: e.target.value || null });
            if (!r.ok) toast({ title: r.error.message, variant: "destructive" });
            else toast({ title: t("infractions.detail.assigned"), variant: "success" });
            router.refresh();
          })
        }
      >
        <option value="">{t("infractions.unassigned")}</option>
        {members.map((m) => (
          <option key={m.id} value={m.id}>
            {m.name}
          </option>
        ))}
      </NativeSelect>
    </label>
  );
}
