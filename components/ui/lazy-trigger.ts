"use client";

import { useEffect, useRef, useState } from "react";
import { preload, useLazyModule, type LazyModule } from "./lazy";

/**
 * A menu, popover or sheet whose code loads on the first sign of intent: the pointer over its
 * trigger, focus on it, a touch or a click. Until then the trigger renders alone, with the same
 * markup and attributes as the loaded one's (closed); a click before the code arrived opens it as
 * soon as it does (`openOnLoad`), and focus stays on the trigger across the swap (`focused`: give it
 * to useFocusOnMount in the loaded component). `onOpen`: for a trigger whose open state is its owner's.
 */
export function useIntent<T>(m: LazyModule<T>, onOpen?: () => void) {
  const loaded = useLazyModule(m);
  const [openOnLoad, setOpenOnLoad] = useState(false);
  const [focused, setFocused] = useState(false);
  const intent = {
    onPointerEnter: () => preload(m),
    // A press opens (Radix menus open on pointer down): the click may land on the loaded trigger.
    onPointerDown: (e: React.PointerEvent) => {
      if (e.button === 0 && !e.ctrlKey) {
        setOpenOnLoad(true);
        onOpen?.();
      }
      preload(m);
    },
    onFocus: () => {
      setFocused(true);
      preload(m);
    },
    onBlur: () => setFocused(false),
    onClick: () => {
      setOpenOnLoad(true);
      onOpen?.();
      preload(m);
    },
  };
  return { loaded, intent, openOnLoad, focused };
}

/** A ref for the loaded trigger: focused when it replaces a trigger that had focus. */
export function useFocusOnMount<E extends HTMLElement>(focus: boolean | undefined) {
  const ref = useRef<E>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
    // Once, on mount: the swap is the only time focus needs carrying over.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return ref;
}

/** What a closed Radix trigger says of itself (and its `data-slot`), for the trigger rendered before the code loaded. */
export const closedTrigger = (popup: "menu" | "dialog", slot?: string) => ({ "aria-haspopup": popup, "aria-expanded": false, "data-state": "closed", ...(slot ? { "data-slot": slot } : {}) }) as const;
