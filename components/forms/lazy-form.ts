"use client";

import { useState } from "react";
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
 * what had focus (`focus`), whether it was submitted meanwhile (Enter, or its button), which of its
 * other buttons was pressed (`press`: the form's own name for it, e.g. "pix-code"), and which of its
 * folded parts (`<details>`, by their order in the form) were opened.
 */
export type CarriedForm = { initial: Record<string, string>; focus: FocusedPlace | null; submitOnLoad: boolean; pressed: string | null; openDetails: number[] };

/**
 * Where focus was in the form: a field by its name (a radio by its value too), anything else (a
 * tile's, a summary's or a button's place) by its order among the form's focusable elements, which
 * both states draw alike.
 */
export type FocusedPlace = { name: string; value: string; index: number };

/** What a form's keyboard can reach, in document order: the same list in both states of a lazy form. */
export const FOCUSABLE = "input, select, textarea, button, summary, a[href]";

/** The field an event came from, when it is one a form submits. */
export function fieldOf(target: EventTarget): HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement | null {
  return target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement ? target : null;
}

/**
 * A form whose code (react-hook-form, zod, its checks) loads on the first sign of intent (the
 * pointer over it, focus in it), not with the page. Until then the same fields render uncontrolled
 * (give each a `name`: text fields, selects, text areas and radios, not checkboxes); what is typed
 * is carried over to the loaded form (./carried-form.ts `useCarriedForm`), which takes back focus
 * where it was, opens again what was unfolded and, when the form was submitted meanwhile, submits it.
 */
export function useLazyForm<T>(m: LazyModule<T>) {
  const loaded = useLazyModule(m);
  const [initial, setInitial] = useState<Record<string, string>>({});
  const [focus, setFocus] = useState<FocusedPlace | null>(null);
  const [submitOnLoad, setSubmitOnLoad] = useState(false);
  const [pressed, setPressed] = useState<string | null>(null);
  const [openDetails, setOpenDetails] = useState<number[]>([]);
  const formProps = {
    onPointerEnter: () => preload(m),
    onFocus: (e: React.FocusEvent<HTMLFormElement>) => {
      const field = fieldOf(e.target);
      const index = [...e.currentTarget.querySelectorAll(FOCUSABLE)].indexOf(e.target as Element);
      setFocus({ name: field?.name ?? "", value: field?.value ?? "", index });
      preload(m);
    },
    onBlur: () => setFocus(null),
    // A summary opens or folds its <details> after the click (a key on it clicks too): what it will be.
    onClick: (e: React.MouseEvent<HTMLFormElement>) => {
      const details = e.target instanceof Element ? e.target.closest("summary")?.parentElement : null;
      if (!(details instanceof HTMLDetailsElement)) return;
      const index = [...e.currentTarget.querySelectorAll("details")].indexOf(details);
      setOpenDetails((open) => (details.open ? open.filter((i) => i !== index) : [...open, index]));
    },
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
  const carried: CarriedForm = { initial, focus, submitOnLoad, pressed, openDetails };
  return { loaded, formProps, carried, press, clear };
}
