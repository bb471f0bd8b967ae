"use client";

import { useTransition } from "react";
import { useRouter } from "next/navigation";
import { Languages, LogOut, SunMoon, ShieldCheck } from "@/components/ui/icons";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuSub,
  DropdownMenuSubContent,
  DropdownMenuSubTrigger,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { toast } from "@/components/ui/toast";
import { useFocusOnMount } from "@/components/ui/lazy-trigger";
import { useI18n } from "@/components/providers/i18n-provider";
import type { Locale } from "@/lib/i18n/translate";
import type { Role } from "@/lib/auth/roles";
import { setLocaleAction, signOutAction } from "@/app/(dashboard)/actions";
import Link from "@/components/ui/link";
import { LanguageRadioItems, ThemeRadioItems } from "./preference-radios";
import { UserMenuButton } from "./user-menu";

/** The account menu (./user-menu.tsx renders its trigger until this loads). */
export function UserMenuContent({ name, email, role, defaultOpen, focusTrigger }: { name: string; email: string; role: Role; defaultOpen?: boolean; focusTrigger?: boolean }) {
  const { t } = useI18n();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const triggerRef = useFocusOnMount<HTMLButtonElement>(focusTrigger);

  const changeLocale = (value: string) =>
    startTransition(async () => {
      const result = await setLocaleAction({ locale: value as Locale });
      if (result.ok) router.refresh();
      else toast({ title: result.error.message, variant: "destructive" });
    });

  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <UserMenuButton ref={triggerRef} name={name} disabled={pending} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel className="grid gap-0.5 font-normal">
          <span className="truncate text-sm font-medium">{name}</span>
          <span className="truncate text-xs text-muted-foreground">{t("shell.signedInAs", { email })}</span>
          <span className="text-xs text-muted-foreground">{t("shell.role", { role: t(`roles.${role}`) })}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuSub>
          <DropdownMenuSubTrigger>
            <Languages aria-hidden /> {t("shell.language")}
          </DropdownMenuSubTrigger>
          <DropdownMenuSubContent>
            <LanguageRadioItems onChange={changeLocale} />
          </DropdownMenuSubContent>
        </DropdownMenuSub>
        <DropdownMenuSub>
          <DropdownMenuSubTrigger>
            <SunMoon aria-hidden /> {t("shell.theme")}
          </DropdownMenuSubTrigger>
          <DropdownMenuSubContent>
            <ThemeRadioItems />
          </DropdownMenuSubContent>
        </DropdownMenuSub>
        <DropdownMenuItem asChild>
          <Link href="/settings/security">
            <ShieldCheck aria-hidden /> {t("shell.security")}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => startTransition(() => signOutAction())}>
          <LogOut aria-hidden /> {t("shell.signOut")}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
