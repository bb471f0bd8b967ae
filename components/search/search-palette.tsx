"use client";

import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { LoaderCircle, Search } from "@/components/ui/icons";
import { Button } from "@/components/ui/plain-button";
import { useI18n } from "@/components/providers/i18n-provider";
import { lazyModule, preload, useLazyModule, whenIdle } from "@/components/ui/lazy";
import { PENDING_PALETTE_BOX, PENDING_PALETTE_OVERLAY } from "./pending-classes";
import type { ApiEnvironment } from "@/lib/vocabulary";

const noSubscription = () => () => {};
/** Apple keyboards say ⌘ where others say Ctrl (the server, not knowing, says Ctrl). */
const useAppleKeyboard = () => useSyncExternalStore(noSubscription, () => /Mac|iPhone|iPad/.test(navigator.platform), () => false);

/** A key typed into a field is the field's: "/" opens search only outside one. */
function typingIn(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(el.tagName));
}

/** The palette's dialog, results and search (./search-dialog.tsx): loaded once the page is idle, or on intent. */
const dialog = lazyModule(() => import("./search-dialog"));

/**
 * Global search and command palette, in the app bar: Ctrl+K, ⌘K or "/" (outside a field) on any
 * dashboard page, or its button (the touch way). This part is the button and the keys, with the
 * page; the palette's code follows once the page is idle (or at the first hover, focus or key), and
 * a key pressed before it arrived opens it at once: the overlay shows, the palette fills it when its
 * code is there.
 */
export function SearchPalette({ organizationId, environment }: { organizationId: string; environment: ApiEnvironment }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const apple = useAppleKeyboard();
  const loaded = useLazyModule(dialog);

  useEffect(() => whenIdle(() => preload(dialog)), []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.isComposing) return;
      if (e.key.toLowerCase() === "k" && (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey) {
        // The browser's own Ctrl+K (its search bar) gives way, and again while open it selects the text.
        e.preventDefault();
        preload(dialog);
        setOpen(true);
        inputRef.current?.select();
      } else if (e.key === "/" && !e.ctrlKey && !e.metaKey && !e.altKey && !typingIn(e.target)) {
        e.preventDefault();
        preload(dialog);
        setOpen(true);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  return (
    <>
      <Button
        type="button"
        variant="outline"
        onClick={() => {
          preload(dialog);
          setOpen(true);
        }}
        onPointerEnter={() => preload(dialog)}
        onFocus={() => preload(dialog)}
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+K Meta+K /"
        data-testid="search-open"
        className="size-9 justify-start gap-2 px-0 transition-colors text-muted-foreground max-md:justify-center max-md:border-transparent max-md:bg-transparent max-md:shadow-none md:w-56 md:px-3 lg:w-72"
      >
        <Search aria-hidden />
        <span className="sr-only md:not-sr-only">{t("search.button")}</span>
        <kbd aria-hidden className="ml-auto hidden rounded border bg-muted px-1.5 font-sans text-[11px] font-medium md:inline">
          {apple ? t("search.shortcutMac") : t("search.shortcut")}
        </kbd>
      </Button>
      {loaded ? (
        <loaded.SearchDialog organizationId={organizationId} environment={environment} open={open} onOpenChange={setOpen} inputRef={inputRef} />
      ) : (
        open && (
          // Opened before its code arrived: the overlay at once, and where the palette will be, a spinner.
          <div className={PENDING_PALETTE_OVERLAY} data-state="open" aria-busy="true">
            <div className={PENDING_PALETTE_BOX}>
              <LoaderCircle className="size-4 animate-spin text-muted-foreground" aria-hidden />
              <span className="sr-only">{t("search.searching")}</span>
            </div>
          </div>
        )
      )}
    </>
  );
}
