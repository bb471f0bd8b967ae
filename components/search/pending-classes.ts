/*
 * The palette opened before its code arrived (./search-palette.tsx) shows the dialog's overlay and,
 * where the palette will be, a spinner in the dialog's centred box with the palette's placement.
 * Their classes are written out here, as `cn` merges them from components/ui/dialog-styles.ts and
 * the palette's "place-items-center p-6 sm:top-[12vh] sm:max-w-xl sm:translate-y-0", so that the
 * app bar's button needs neither `cn` nor the dialogs' styles in the browser;
 * test/ui/class-join.test.ts checks they are still what `cn` gives.
 */

export const PENDING_PALETTE_OVERLAY =
  "fixed inset-0 z-50 bg-black/50 data-[state=closed]:animate-out data-[state=closed]:fade-out-0 data-[state=open]:animate-in data-[state=open]:fade-in-0";

export const PENDING_PALETTE_BOX =
  "fixed top-[50%] left-[50%] z-50 grid max-h-[calc(100dvh-2rem)] w-full max-w-[calc(100%-2rem)] translate-x-[-50%] translate-y-[-50%] gap-4 overflow-y-auto rounded-lg border bg-background text-foreground shadow-lg duration-200 data-[state=closed]:animate-out data-[state=closed]:fade-out-0 data-[state=closed]:zoom-out-95 data-[state=open]:animate-in data-[state=open]:fade-in-0 data-[state=open]:zoom-in-95 place-items-center p-6 sm:top-[12vh] sm:max-w-xl sm:translate-y-0";
