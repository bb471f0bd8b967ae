"use client";

import { useEffect, useRef, useState } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { preload, useLazyModule, type LazyModule } from "@/components/ui/lazy";

/**
 * How a form's fields, drawn by one component both before and after the form's code loaded, are
 * bound: once loaded, to react-hook-form (`field`: its registration, `error`: the field's message in
 * the member's words); before, by name alone (`UNBOUND`).
 */
export type FieldBinding<N extends string> = {
  field: (name: N) => UseFormRegisterReturn | { name: string };
  error: (name: N) => string | undefined;
};
export const UNBOUND: FieldBinding<string> = { field: (name) => ({ name }), error: () => undefined };

/**
 * What a form typed before its code loaded, handed to the loaded form: the fields' values by name,
 * the field that had focus, whether it was submitted meanwhile (Enter, or its button), and which of
 * its other buttons was pressed (`press`: the form's own name for it, e.g. "pix-code").
 */
export type CarriedForm = { initial: Record<string, string>; focusField: string | null; submitOnLoad: boolean; pressed: string | null };

/** The field an event came from, when it is one a form submits. */
function fieldOf(target: EventTarget): HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement | null {
  return target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement ? target : null;
}

/**
 * A form whose code (react-hook-form, zod, its checks) loads on the first sign of intent (the
 * pointer over it, focus in it), not with the page. Until then the same fields render uncontrolled
 * (give each a `name`: text fields, selects, text areas and radios, not checkboxes); what is typed
 * is carried over to the loaded form (useCarriedForm), which takes the field that had focus and,
 * when the form was submitted meanwhile, submits it.
 */
export function useLazyForm<T>(m: LazyModule<T>) {
  const loaded = useLazyModule(m);
  const [initial, setInitial] = useState<Record<string, string>>({});
  const [focusField, setFocusField] = useState<string | null>(null);
  const [submitOnLoad, setSubmitOnLoad] = useState(false);
  const [pressed, setPressed] = useState<string | null>(null);
  const formProps = {
    onPointerEnter: () => preload(m),
    onFocus: (e: React.FocusEvent<HTMLFormElement>) => {
      setFocusField(fieldOf(e.target)?.name || null);
      preload(m);
    },
    onBlur: () => setFocusField(null),
    onInput: (e: React.FormEvent<HTMLFormElement>) => {
      // Typed or picked without a pointer or focus first (autofill, an assistive tool): intent too.
      preload(m);
      const field = fieldOf(e.target);
      if (!field?.name) return;
      // A radio says its value when it is the one checked; a checkbox's `value` is not what it holds.
      if (field instanceof HTMLInputElement && (field.type === "checkbox" || (field.type === "radio" && !field.checked))) return;
      setInitial((values) => ({ ...values, [field.name]: field.value }));
    },
    onSubmit: (e: React.FormEvent<HTMLFormElement>) => {
      e.preventDefault();
      setSubmitOnLoad(true);
      preload(m);
    },
  };
  const press = (what: string) => {
    setPressed(what);
    preload(m);
  };
  /** The form's own "Clear" before the code loaded: its fields emptied, nothing left to carry. */
  const clear = (form: HTMLFormElement | null) => {
    form?.reset();
    setInitial({});
    setPressed(null);
  };
  const carried: CarriedForm = { initial, focusField, submitOnLoad, pressed };
  return { loaded, formProps, carried, press, clear };
}

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
