import { Copy } from "@/components/ui/icons";
import { iconShapes } from "@/components/ui/icon";

/**
 * Copy buttons for long lists (a request id in each of fifty rows): a plain button carrying its
 * value in `data-copy`, no client component of its own; the list's one handler (`CopyValues`,
 * ./copy-values.tsx) copies it. The icon is drawn once a page (`CopyIconSymbol`, in the dashboard's
 * layout) and referenced by each button. A single copy button with its own state is `CopyButton`.
 */
export function CopyValue({ value, label }: { value: string; label: string }) {
  return (
    <button type="button" className="copy-value" data-copy={value} aria-label={label} title={label}>
      <svg aria-hidden className="i size-3.5">
        <use href="#copy-icon" />
      </svg>
    </button>
  );
}

/** The copy icon, once, for every `CopyValue` on the page. */
export function CopyIconSymbol() {
  return (
    <svg aria-hidden width="0" height="0" className="absolute">
      <symbol id="copy-icon" viewBox="0 0 24 24">
        {iconShapes(Copy.node)}
      </symbol>
    </svg>
  );
}
