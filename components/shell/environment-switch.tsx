"use client";

import { useTransition } from "react";
import { useRouter } from "next/navigation";
import { cx } from "@/lib/class-join";
import { toast } from "@/components/ui/toast";
import { useI18n } from "@/components/providers/i18n-provider";
import type { ApiEnvironment } from "@/lib/vocabulary";
import { setEnvironmentAction } from "@/app/(dashboard)/actions";

/**
 * Which environment the pages show: a two-option radio group (arrow keys move between them, as in
 * any radio group). An environment without an active credential is marked, not hidden: choosing it
 * shows how to connect one.
 */
export function EnvironmentSwitch({ environment, connected }: { environment: ApiEnvironment; connected: ApiEnvironment[] }) {
  const { t } = useI18n();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const choose = (next: ApiEnvironment) => {
    if (next === environment) return;
    startTransition(async () => {
      const result = await setEnvironmentAction({ environment: next });
      if (!result.ok) toast({ title: result.error.message, variant: "destructive" });
      router.refresh();
    });
  };
  return (
    <div role="radiogroup" aria-label={t("shell.environment")} className="flex rounded-md border p-0.5 text-xs" data-testid="environment-switch">
      {(["sandbox", "production"] as const).map((env, i, all) => {
        const checked = env === environment;
        return (
          <button
            key={env}
            type="button"
            role="radio"
            aria-checked={checked}
            tabIndex={checked ? 0 : -1}
            disabled={pending}
            onClick={() => choose(env)}
            onKeyDown={(e) => {
              if (["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"].includes(e.key)) {
                e.preventDefault();
                const next = all[(i + 1) % all.length]!;
                choose(next);
                (e.currentTarget.parentElement?.querySelectorAll("button")[all.indexOf(next)] as HTMLButtonElement | undefined)?.focus();
              }
            }}
            className={cx(
              "rounded px-2 py-1 font-medium outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50",
              checked ? (env === "sandbox" ? "bg-warning text-warning-foreground" : "bg-primary text-primary-foreground") : "text-muted-foreground hover:text-foreground",
            )}
          >
            {t(`environments.${env}`)}
            {!connected.includes(env) && <span className="sr-only"> ({t("shell.notConnected")})</span>}
            {!connected.includes(env) && (
              <span aria-hidden className="ml-1 opacity-70">
                ○
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}
