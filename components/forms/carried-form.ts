"use client";

/**
 * The loaded half of a form whose code loads on the member's turn to it (./lazy-form.ts): what was
 * typed, focused and pressed before, put in place. Only the loaded forms import this.
 */
import { useEffect, useRef } from "react";
import { fieldOf, type CarriedForm } from "./lazy-form";

/** The values typed before the code loaded, without the fields left empty (the loaded form's defaults stand for those: a fresh reference, say). */
export function carriedValues(carried: CarriedForm | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(carried?.initial ?? {}).filter(([, value]) => value !== ""));
}

/**
 * A form's defaults with the values typed before its code loaded put in place, for forms whose fields
 * are named by path ("payer.name"): each lands where the defaults hold a text at that path; a name
 * that is not one of the form's fields (a helper select, a radio of the form's own state) is left out.
 */
export function carriedInto<T extends object>(defaults: T, carried: CarriedForm | undefined): T {
  const values = structuredClone(defaults) as Record<string, unknown>;
  for (const [name, value] of Object.entries(carriedValues(carried))) {
    const path = name.split(".");
    const last = path.pop()!;
    let at: unknown = values;
    for (const step of path) at = at && typeof at === "object" ? (at as Record<string, unknown>)[step] : undefined;
    if (at && typeof at === "object" && typeof (at as Record<string, unknown>)[last] === "string") (at as Record<string, unknown>)[last] = value;
  }
  return values as T;
}

/**
 * In the loaded form, once mounted: focus back on the field that had it (the caret at its end), and
 * the submission asked for before the code arrived. `formRef`: the loaded `<form>`.
 */
export function useCarriedForm(carried: CarriedForm | undefined, submit: () => void) {
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (!carried) return;
    const named = carried.focusField ? formRef.current?.elements.namedItem(carried.focusField) : null;
    const field = named instanceof Element ? fieldOf(named) : null;
    if (field) {
      field.focus();
      // Not every field has a caret (a select; an e-mail or number input): those keep the browser's own place.
      if (!(field instanceof HTMLSelectElement)) {
        try {
          field.setSelectionRange(field.value.length, field.value.length);
        } catch {}
      }
    }
    if (carried.submitOnLoad) submit();
    // Once, on mount: the swap is the only time the carried state applies.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return formRef;
}
