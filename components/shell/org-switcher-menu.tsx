"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { Check, Plus } from "@/components/ui/icons";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { toast } from "@/components/ui/toast";
import { useFocusOnMount } from "@/components/ui/lazy-trigger";
import { useI18n } from "@/components/providers/i18n-provider";
import { switchOrganizationAction } from "@/app/(dashboard)/actions";
import { NewOrganizationDialog } from "./new-organization-dialog";
import { OrgSwitcherButton } from "./org-switcher";
import type { Membership } from "@/lib/auth/access";
import { restartLiveStream } from "@/components/live/live-hub";

/** The organisation switcher (./org-switcher.tsx renders its trigger until this loads). */
export function OrgSwitcherMenu({ current, memberships, defaultOpen, focusTrigger }: { current: string; memberships: Membership[]; defaultOpen?: boolean; focusTrigger?: boolean }) {
  const { t } = useI18n();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const active = memberships.find((m) => m.organizationId === current);
  const [creating, setCreating] = useState(false);
  const triggerRef = useFocusOnMount<HTMLButtonElement>(focusTrigger);
  return (
    <>
      <DropdownMenu defaultOpen={defaultOpen}>
        <DropdownMenuTrigger asChild>
          <OrgSwitcherButton ref={triggerRef} name={active?.organizationName} disabled={pending} />
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
                  if (result.ok) {
                    restartLiveStream();
                    router.refresh();
                  }
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
