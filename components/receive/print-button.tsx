"use client";

/** The browser's print dialog, for printable pages (a module of its own: the pages that print need nothing else from it). */
export function PrintButton({ label }: { label: string }) {
  return (
    <button type="button" onClick={() => window.print()} className="inline-flex h-11 items-center rounded-md border px-4 text-sm hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none print:hidden">
      {label}
    </button>
  );
}
