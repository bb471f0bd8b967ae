"use client";

/**
 * The main action of paying from a phone: one full-width button (44 px tall, a thumb's reach) that
 * copies the code the payer pastes in their bank's app, and says "Copied" where it was pressed and to
 * screen readers. Where the browser refuses the clipboard API (an http address on a LAN) it copies
 * through a selected text field instead.
 */
import { useEffect, useRef, useState } from "react";
import { Check, Copy } from "@/components/ui/icons";
import { Button, type ButtonProps } from "@/components/ui/plain-button";
import { cx } from "@/lib/class-join";

async function copyText(value: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(value);
      return true;
    }
  } catch {
    // refused: try the old way below
  }
  const field = document.createElement("textarea");
  field.value = value;
  field.setAttribute("readonly", "");
  field.style.position = "fixed";
  field.style.opacity = "0";
  document.body.appendChild(field);
  field.select();
  try {
    return document.execCommand("copy");
  } catch {
    return false;
  } finally {
    field.remove();
  }
}

export function CopyCodeButton({
  value,
  label,
  copiedLabel,
  variant = "default",
  className,
  testId,
}: {
  value: string;
  label: string;
  copiedLabel: string;
  variant?: ButtonProps["variant"];
  className?: string;
  testId?: string;
}) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <>
      <Button
        type="button"
        variant={variant}
        className={cx("h-11 w-full text-base", className)}
        data-testid={testId}
        onClick={async () => {
          if (!(await copyText(value))) return;
          setCopied(true);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => setCopied(false), 2500);
        }}
      >
        {copied ? <Check aria-hidden className="size-5" /> : <Copy aria-hidden className="size-5" />}
        {copied ? copiedLabel : label}
      </Button>
      <span role="status" className="sr-only">
        {copied ? copiedLabel : ""}
      </span>
    </>
  );
}
