"use client";

import { useState } from "react";
import { Check, Copy } from "@/components/ui/icons";
import { Button } from "@/components/ui/plain-button";
import { cn } from "@/lib/utils";

/** Copies `value` to the clipboard; `label` names what is copied ("Copy request id"). */
export function CopyButton({ value, label, copiedLabel, className }: { value: string; label: string; copiedLabel: string; className?: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      className={cn("size-7", className)}
      aria-label={copied ? copiedLabel : label}
      title={copied ? copiedLabel : label}
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(value);
          setCopied(true);
          setTimeout(() => setCopied(false), 1500);
        } catch {
          // The clipboard can be refused (permissions, insecure origin): the value stays selectable.
        }
      }}
    >
      {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
    </Button>
  );
}
