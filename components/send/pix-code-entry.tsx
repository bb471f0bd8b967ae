"use client";

/**
 * "Pay a PIX code": the member pastes a BR Code ("Pix copia e cola"), or reads it from a QR image
 * where the browser can (BarcodeDetector; the picker is hidden elsewhere). The server reads it through
 * the API's PIX payload decoding and answers who receives it and how much, or why it cannot be paid
 * here; nothing is sent until the payout's own review.
 */
import { useId, useState, useSyncExternalStore } from "react";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/textarea";
import { useI18n } from "@/components/providers/i18n-provider";
import { readPixCodeAction } from "@/app/(dashboard)/send/actions";
import type { PixCodeToPay } from "@/lib/payouts/pix-code";
import { PixCodeOpenButton } from "./pix-code-open";

type Detector = { detect(image: ImageBitmapSource): Promise<Array<{ rawValue: string }>> };
type DetectorClass = new (options: { formats: string[] }) => Detector;
const detectorClass = (): DetectorClass | undefined => (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
const noSubscription = () => () => {};

export function PixCodeEntry({ onRead, defaultOpen = false }: { onRead: (code: PixCodeToPay) => void; defaultOpen?: boolean }) {
  const { t } = useI18n();
  const id = useId();
  const [open, setOpen] = useState(defaultOpen);
  const [code, setCode] = useState("");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const canScan = useSyncExternalStore(noSubscription, () => detectorClass() !== undefined, () => false);

  const read = async (text: string) => {
    if (!text.trim() || pending) return;
    setPending(true);
    setError(null);
    try {
      const r = await readPixCodeAction({ code: text });
      if (!r.ok) return setError(r.error.message);
      setOpen(false);
      setCode("");
      onRead(r.data);
    } finally {
      setPending(false);
    }
  };

  const scan = async (file: File | undefined) => {
    const Detector = detectorClass();
    if (!file || !Detector) return;
    const found = await new Detector({ formats: ["qr_code"] }).detect(await createImageBitmap(file)).catch(() => []);
    const text = found.find((f) => f.rawValue.startsWith("000201"))?.rawValue;
    if (!text) return setError(t("send.pixCode.scanNone"));
    setCode(text);
    await read(text);
  };

  if (!open) return <PixCodeOpenButton onClick={() => setOpen(true)} />;
  return (
    <div className="grid gap-3 rounded-md border p-3" data-testid="pix-code-entry">
      <p className="text-sm text-muted-foreground">{t("send.pixCode.intro")}</p>
      <FormField label={t("send.pixCode.input")} htmlFor={`${id}-code`} error={error ?? undefined}>
        <Textarea rows={3} value={code} onChange={(e) => setCode(e.target.value)} spellCheck={false} autoComplete="off" className="font-mono text-xs break-all" placeholder="00020126…" />
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="button" onClick={() => read(code)} disabled={pending || !code.trim()}>
          {pending ? t("send.pixCode.reading") : t("send.pixCode.read")}
        </Button>
        {canScan && (
          <Button type="button" variant="outline" asChild>
            <label>
              {t("send.pixCode.scan")}
              <input type="file" accept="image/*" capture="environment" className="sr-only" onChange={(e) => scan(e.target.files?.[0])} />
            </label>
          </Button>
        )}
        <Button
          type="button"
          variant="ghost"
          onClick={() => {
            setOpen(false);
            setError(null);
          }}
        >
          {t("send.pixCode.cancel")}
        </Button>
      </div>
    </div>
  );
}

/** The code being paid, in place of the key fields: who receives it, and a way back to typing a key. */
export function PixCodeCard({ code, onClear }: { code: PixCodeToPay; onClear: () => void }) {
  const { t } = useI18n();
  return (
    <div className="grid gap-2 rounded-md border bg-muted/40 p-3 text-sm" data-testid="pix-code-card">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium">{t("send.pixCode.paying")}</p>
        <Button type="button" variant="ghost" size="sm" onClick={onClear}>
          {t("send.pixCode.clear")}
        </Button>
      </div>
      <p className="text-base font-semibold" data-testid="pix-code-receiver">
        {code.receiverName}
      </p>
      <p className="text-muted-foreground">{[code.receiverDocument, code.city].filter(Boolean).join(" · ")}</p>
    </div>
  );
}
