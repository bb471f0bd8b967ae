"use client";

import { useState } from "react";
import { Button } from "@/components/ui/plain-button";
import { Textarea } from "@/components/ui/textarea";
import { FormField } from "@/components/ui/form-field";
import { useI18n } from "@/components/providers/i18n-provider";
import { lazyModule, preload, useLazyModule } from "@/components/ui/lazy";

/**
 * The decoding and its result (the BR Code codec, the document checks, the decimal type: ≈ 20 KiB
 * gzipped): loaded when the member turns to the decoder, not with the page (./pix-decoder-result.tsx).
 */
const result = lazyModule(() => import("./pix-decoder-result"));

/**
 * Decodes a BR Code in the browser with lib/payments (the same codec the
 * sandbox uses to build them): nothing secret is involved and nothing leaves
 * the page.
 */
export function PixDecoder() {
  const { t } = useI18n();
  const [code, setCode] = useState("");
  // The code last asked for; its result shows once the decoder's code is there.
  const [decoded, setDecoded] = useState<string | null>(null);
  const loaded = useLazyModule(result);

  return (
    <form
      className="grid gap-4"
      onPointerEnter={() => preload(result)}
      onFocus={() => preload(result)}
      onSubmit={(e) => {
        e.preventDefault();
        preload(result);
        setDecoded(code);
      }}
    >
      <FormField label={t("pixDecoder.input")} htmlFor="br-code">
        <Textarea
          id="br-code"
          value={code}
          onChange={(e) => {
            setCode(e.target.value);
            setDecoded(null);
          }}
          placeholder={t("pixDecoder.placeholder")}
          rows={4}
          spellCheck={false}
          autoComplete="off"
          className="font-mono text-xs break-all"
        />
      </FormField>
      <div className="flex gap-2">
        <Button type="submit">{t("pixDecoder.decode")}</Button>
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            setCode("");
            setDecoded(null);
          }}
        >
          {t("pixDecoder.clear")}
        </Button>
      </div>
      <div aria-live="polite">{decoded !== null && loaded && <loaded.DecodedBrCode code={decoded} />}</div>
    </form>
  );
}
