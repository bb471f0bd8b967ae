"use client";

import * as React from "react";
import { lazyModule, preload, useLazyModule } from "./lazy";

type ToastVariant = "default" | "destructive" | "success" | "warning";

type ToastOptions = {
  title?: React.ReactNode;
  description?: React.ReactNode;
  variant?: ToastVariant;
  /** ms before auto-dismiss; defaults to the Toaster's `duration`. */
  duration?: number;
  /** `altText` tells screen-reader users how to reach the action another way. */
  action?: { label: React.ReactNode; altText: string; onClick: () => void };
};

type ToastItem = ToastOptions & { id: string; open: boolean };

const TOAST_LIMIT = 3;
const REMOVE_DELAY = 1000;
const EMPTY: ToastItem[] = [];

let toasts: ToastItem[] = EMPTY;
let counter = 0;
const listeners = new Set<() => void>();

function setToasts(next: ToastItem[]) {
  toasts = next;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Show a toast from any client component. Needs `<Toaster />` mounted once (root layout). */
function toast(options: ToastOptions) {
  const id = String(++counter);
  setToasts([...toasts, { ...options, id, open: true }].slice(-TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

/** Close one toast, or all of them when called without an id. */
function dismissToast(id?: string) {
  const ids = new Set(toasts.filter((t) => id === undefined || t.id === id).map((t) => t.id));
  if (ids.size === 0) return;
  setToasts(toasts.map((t) => (ids.has(t.id) ? { ...t, open: false } : t)));
  // Keep closed toasts mounted long enough for the exit animation.
  setTimeout(() => setToasts(toasts.filter((t) => !ids.has(t.id))), REMOVE_DELAY);
}

function useToast() {
  const items = React.useSyncExternalStore(subscribe, () => toasts, () => EMPTY);
  return { toasts: items, toast, dismiss: dismissToast };
}

type ToasterProps = {
  /** Landmark label; `{hotkey}` is replaced by the shortcut that focuses the toasts (F8). */
  label?: string;
  closeLabel?: string;
  duration?: number;
  className?: string;
};

/** The toasts' view (Radix Toast): loaded with the first toast, not with every page. */
const view = lazyModule(() => import("./toaster-view"));

/**
 * Mount once near the root. Toasts are announced via a live region (assertive for destructive/warning).
 * The view's code loads when the first toast is shown (a toast follows an action's answer, so the
 * few milliseconds of loading are never seen waiting).
 */
function Toaster(props: ToasterProps) {
  const { toasts: items } = useToast();
  const loaded = useLazyModule(view);
  React.useEffect(() => {
    if (items.length > 0) preload(view);
  }, [items.length]);
  if (!loaded) return null;
  return <loaded.ToasterView {...props} />;
}

export { Toaster, dismissToast, toast, useToast, type ToastOptions, type ToastVariant, type ToasterProps };
