"use client";

/**
 * The live pieces of a charge's code: the time left, and the code replaced once its time is over
 * (the code as text and the boleto's line are ./code-text.tsx; the QR image is the server's: ./qr-image.tsx).
 */
import { useEffect, useState } from "react";
import { TimerOff } from "@/components/ui/icons";
import { useI18n } from "@/components/providers/i18n-provider";
import { cx } from "@/lib/class-join";
import { secondsLeft } from "@/lib/charges/time-left";

/** The current time, ticking every second once mounted (null during server rendering and hydration). */
function useNow(active: boolean): number | null {
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

/** "Expires in 12:34" or "1:02:03". */
function Countdown({ left }: { left: number | null }) {
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

/** The time left on a charge's code, ticking every second ("…" until mounted). */
export function TimeLeft({ expiresAt, clockOffsetMs }: { expiresAt: string; clockOffsetMs?: number }) {
  return <Countdown left={secondsLeft(expiresAt, useNow(true), clockOffsetMs)} />;
}

/** The code (`children`, drawn by the server) until `expiresAt` on the provider's clock, then ExpiredPanel in its place. */
export function UntilExpired({ expiresAt, clockOffsetMs = 0, children }: { expiresAt: string; clockOffsetMs?: number; children: React.ReactNode }) {
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    // setTimeout's longest wait is 2^31 - 1 ms (≈ 24.8 days): a longer one fires at once, so wait in steps.
    let timer: ReturnType<typeof setTimeout>;
    const wait = () => {
      // Over when less than a second is left, as the countdown then reads 0:00 (secondsLeft's 0).
      const ms = Date.parse(expiresAt) - (Date.now() + clockOffsetMs) - 999;
      timer = setTimeout(ms <= 0 ? () => setExpired(true) : wait, Math.max(0, Math.min(ms, 2 ** 31 - 1)));
    };
    wait();
    return () => clearTimeout(timer);
  }, [expiresAt, clockOffsetMs]);
  return expired ? <ExpiredPanel /> : children;
}
