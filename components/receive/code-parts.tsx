"use client";

/** The pieces a charge's code is shown with: the time left, the code as text, the boleto's digitable line (the QR image is the server's: ./qr-image.tsx). */
import { useEffect, useState } from "react";
import { TimerOff } from "@/components/ui/icons";
import { useI18n } from "@/components/providers/i18n-provider";
import { digitableGroups } from "@/lib/payments/boleto";
import { cx } from "@/lib/class-join";

/** The current time, ticking every second once mounted (null during server rendering and hydration). */
export function useNow(active: boolean): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0);
    const every = active ? setInterval(tick, 1000) : undefined;
    return () => {
      clearTimeout(first);
      if (every) clearInterval(every);
    };
  }, [active]);
  return now;
}

/** Seconds left until `expiresAt` on the provider's clock (`clockOffsetMs` ahead of ours); null before mounting. */
export function secondsLeft(expiresAt: string, now: number | null, clockOffsetMs = 0): number | null {
  if (now === null) return null;
  return Math.max(0, Math.floor((Date.parse(expiresAt) - (now + clockOffsetMs)) / 1000));
}

/** "Expires in 12:34" or "1:02:03". */
export function Countdown({ left }: { left: number | null }) {
  const { t } = useI18n();
  if (left === null) return <span className="tabular-nums">…</span>;
  const h = Math.floor(left / 3600);
  const m = Math.floor((left % 3600) / 60);
  const s = left % 60;
  const clock = h > 0 ? `${h}:${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}` : `${m}:${String(s).padStart(2, "0")}`;
  return (
    <span className={cx("font-medium tabular-nums", left < 60 && "text-destructive")} data-testid="countdown">
      {t("charges.code.timeLeft", { time: clock })}
    </span>
  );
}

/** In place of the code once its time is over: nothing left to copy or scan. */
export function ExpiredPanel() {
  const { t } = useI18n();
  return (
    <div className="grid justify-items-center gap-2 rounded-lg border border-dashed p-6 text-center" data-testid="charge-expired">
      <TimerOff aria-hidden className="size-8 text-muted-foreground" />
      <p className="font-semibold">{t("charges.code.expiredNow")}</p>
      <p className="text-sm text-muted-foreground">{t("charges.code.expiredText")}</p>
    </div>
  );
}

/** The code as text, to read or select by hand; the button above copies it. */
export function CodeText({ value, label, testId, className }: { value: string; label: string; testId?: string; className?: string }) {
  return (
    <div className={cx("grid gap-1", className)}>
      <span className="text-xs font-medium text-muted-foreground">{label}</span>
      <span className="rounded-md border bg-muted/40 p-2 font-mono text-xs break-all select-all" data-testid={testId}>
        {value}
      </span>
    </div>
  );
}

/** The five groups of a boleto's 47 digits, as banks print them; a group never breaks across lines. */
export function DigitableLine({ line, label }: { line: string; label: string }) {
  return (
    <div className="grid gap-1">
      <span className="text-xs font-medium text-muted-foreground">{label}</span>
      <p className="rounded-md border bg-muted/40 p-2 font-mono text-base leading-relaxed select-all" data-testid="digitable-line">
        {digitableGroups(line).map((group, i) => (
          <span key={i}>
            {i > 0 && " "}
            <span className="whitespace-nowrap">{group}</span>
          </span>
        ))}
      </p>
    </div>
  );
}
