"use client";

import { useEffect, useState } from "react";

/** `value` once it has stood still for `ms` (the first value at once): what typing settles on, for a query key. */
export function useDebouncedValue<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return settled;
}
