"use client";

/**
 * The loaded half of a form whose code loads on the member's turn to it (./lazy-form.ts): what was
 * typed, focused and pressed before, put in place. Only the loaded forms import this.
 */
import { useEffect, useRef } from "react";
import { FOCUSABLE, fieldOf, type CarriedForm } from "./lazy-form";

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
 * In the loaded form, once mounted: the folded parts that were opened open again, focus back where it
 * was (a field by its name, the caret at its end; anything else by its place), and the submission
 * asked for before the code arrived. `formRef`: the loaded `<form>`.
 */
export function useCarriedForm(carried: CarriedForm | undefined, submit: () => void) {
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const form = formRef.current;
    if (!carried || !form) return;
    const details = form.querySelectorAll("details");
    for (const i of carried.openDetails) if (details[i]) details[i].open = true;
    const target = focusTarget(form, carried.focus);
    if (target) {
      target.focus();
      const field = fieldOf(target);
      // Not every field has a caret (a select; a radio; an e-mail or number input): those keep the browser's own place.
      if (field && !(field instanceof HTMLSelectElement)) {
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

/** The loaded form's element in the place focus had before: the field of that name (the radio of that value), else what sits at that place. */
function focusTarget(form: HTMLFormElement, focus: CarriedForm["focus"]): HTMLElement | null {
  if (!focus) return null;
  const named = focus.name ? form.elements.namedItem(focus.name) : null;
  if (named instanceof RadioNodeList) {
    const radio = [...named].find((r) => r instanceof HTMLInputElement && r.value === focus.value);
    if (radio instanceof HTMLElement) return radio;
  } else if (named instanceof HTMLElement) return named;
  const placed = form.querySelectorAll<HTMLElement>(FOCUSABLE)[focus.index];
  return focus.index >= 0 && placed ? placed : null;
}
