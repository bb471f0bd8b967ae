"use client";

import { useSyncExternalStore } from "react";
import { Share2 } from "@/components/ui/icons";
import { Button } from "@/components/ui/plain-button";

const noChange = () => () => {};
const hasNativeShare = () => typeof navigator.share === "function";

/** The phone's own share sheet (navigator.share), where the browser has one; nothing elsewhere. */
export function NativeShareButton({ title, text, label }: { title: string; text: string; label: string }) {
  const native = useSyncExternalStore(noChange, hasNativeShare, () => false);
  if (!native) return null;
  return (
    <Button
      type="button"
      variant="outline"
      className="col-span-2 h-11"
      onClick={() => {
        navigator.share({ title, text }).catch(() => {
          // dismissed: nothing to do
        });
      }}
    >
      <Share2 aria-hidden /> {label}
    </Button>
  );
}
