"use client";
/**
 * "Confirm it's you" before a sensitive change. A page calls its action through `useReauth()`; when
 * the action answers REAUTH_REQUIRED (lib/auth/reauth.ts), this asks for the password (and a code
 * when two-factor is on), proves it to the server, and calls the action once more. Cancelling
 * leaves everything as it was.
 */
import { createContext, useCallback, useContext, useRef, useState } from "react";
import { useI18n } from "@/components/providers/i18n-provider";
import { lazyModule, useLazyModule } from "@/components/ui/lazy";
import type { ActionResult } from "@/lib/actions/result";
import { REAUTH_REQUIRED, REAUTH_REQUIRED_CODE } from "@/lib/auth/reauth";

/** The dialog's code (a form, Radix Dialog) loads when an action first asks for it, not with every page. */
const dialog = lazyModule(() => import("./reauth-dialog"));

type WithReauth = <T>(run: () => Promise<ActionResult<T>>) => Promise<ActionResult<T>>;

const ReauthContext = createContext<WithReauth | null>(null);

export function useReauth(): WithReauth {
  const withReauth = useContext(ReauthContext);
  if (!withReauth) throw new Error("useReauth outside ReauthProvider");
  return withReauth;
}

export function ReauthProvider({ children }: { children: React.ReactNode }) {
  const { t } = useI18n();
  const [asking, setAsking] = useState<{ code: boolean } | null>(null);
  const settle = useRef<((confirmed: boolean) => void) | null>(null);
  const loaded = useLazyModule(dialog);

  const withReauth = useCallback<WithReauth>(
    async (run) => {
      const first = await run();
      if (first.ok || (first.error.code !== REAUTH_REQUIRED && first.error.code !== REAUTH_REQUIRED_CODE)) return first;
      await dialog.load();
      const confirmed = await new Promise<boolean>((resolve) => {
        settle.current = resolve;
        setAsking({ code: first.error.code === REAUTH_REQUIRED_CODE });
      });
      if (!confirmed) return { ok: false, error: { code: "REAUTH_CANCELLED", message: t("reauth.cancelled") } };
      return run();
    },
    [t],
  );

  const close = (confirmed: boolean) => {
    setAsking(null);
    settle.current?.(confirmed);
    settle.current = null;
  };

  return (
    <ReauthContext.Provider value={withReauth}>
      {children}
      {loaded && <loaded.ReauthDialog asking={asking} onClose={close} />}
    </ReauthContext.Provider>
  );
}
