"use client";

import { useState } from "react";
import { Check, Copy } from "@/components/ui/icons";
import { Button } from "@/components/ui/plain-button";
import { cxYield } from "@/lib/class-join";

/**
 * A copy button is 28 px square unless the caller gives it a size of its own (`size-8`): what
 * `cn("size-7", className)` gave, without `cn` (test/ui/class-join.test.ts checks every caller's).
 */
export function copyButtonClasses(className?: string): string {
  return cxYield("size-7", className, /^size-/);
}

/** Copies `value` to the clipboard; `label` names what is copied ("Copy request id"). */
export function CopyButton({ value, label, copiedLabel, className }: { value: string; label: string; copiedLabel: string; className?: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      className={copyButtonClasses(className)}
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
