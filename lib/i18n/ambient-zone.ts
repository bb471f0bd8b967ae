/**
 * The time zone the formatters of lib/i18n/format.ts write dates in when a caller does not name
 * one: the member's, carried the same way as their language.
 *
 * - Server components: one box per request (React `cache`), filled by `getI18n()`, which every
 *   page awaits before it formats anything.
 * - Client components: `useI18n()` (components/providers/i18n-provider.tsx) sets it at the top of
 *   the render of each component that asks for the language, from the provider's zone. A
 *   component's render is synchronous, so the dates it formats use the zone of its own request,
 *   on the server's render as in the browser.
 *
 * Route handlers have no React request: they pass `getI18n().timeZone` explicitly.
 */
import { cache } from "react";

const requestBox = cache((): { zone?: string } => ({}));
let renderZone: string | undefined;

export function setRequestTimeZone(zone: string): void {
  requestBox().zone = zone;
}

export function setRenderTimeZone(zone: string): void {
  renderZone = zone;
}

export function ambientTimeZone(): string | undefined {
  return requestBox().zone ?? renderZone;
}
