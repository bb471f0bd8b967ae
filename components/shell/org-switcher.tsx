"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { Building2, Check, ChevronsUpDown, Plus } from "lucide-react";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { toast } from "@/components/ui/toast";
import { useI18n } from "@/components/providers/i18n-provider";
import { switchOrganizationAction } from "@/app/(dashboard)/actions";
import { NewOrganizationDialog } from "./new-organization-dialog";
import type { Membership } from "@/lib/auth/access";

export function OrgSwitcher({ current, memberships }: { current: string; memberships: Membership[] }) {
  const { t } = useI18n();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const active = memberships.find((m) => m.organizationId === current);
  const [creating, setCreating] = useState(false);
  return (
    <>
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" className="w-full justify-between" disabled={pending}>
          <span className="flex min-w-0 items-center gap-2">
            <span className="sr-only">{t("shell.switchOrganization")}:</span>
            <Building2 className="size-4 shrink-0" aria-hidden />
            <span className="truncate">{active?.organizationName}</span>
          </span>
          <ChevronsUpDown className="size-4 shrink-0 opacity-60" aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-64">
        <DropdownMenuLabel>{t("shell.organization")}</DropdownMenuLabel>
        {memberships.map((m) => (
          <DropdownMenuItem
            key={m.organizationId}
            onSelect={() =>
              m.organizationId !== current &&
              startTransition(async () => {
                const result = await switchOrganizationAction({ organizationId: m.organizationId });
                if (result.ok) router.refresh();
                else toast({ title: result.error.message, variant: "destructive" });
              })
            }
          >
            <span className="flex-1 truncate">{m.organizationName}</span>
            <span className="text-xs text-muted-foreground">{t(`roles.${m.role}`)}</span>
            {m.organizationId === current && <Check className="size-4" aria-hidden />}
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => setCreating(true)}>
          <Plus className="size-4" aria-hidden /> {t("shell.newOrganization")}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
    <NewOrganizationDialog open={creating} onOpenChange={setCreating} />
    </>
  );
}
