/**
 * Whether a state-changing request a browser sent comes from a page of this dashboard: its Origin
 * names the host the request was sent to. Next.js checks server actions this way; route handlers
 * that change something with the session cookie (the evidence upload) check it themselves, so that
 * another site cannot make a signed-in member's browser post to them. A request without an Origin
 * is refused: every browser sends one on a cross-origin or a multipart POST.
 */
export function sameOrigin(headers: Headers): boolean {
  const origin = headers.get("origin");
  const host = headers.get("x-forwarded-host") ?? headers.get("host");
  if (!origin || !host || origin === "null") return false;
  try {
    return new URL(origin).host.toLowerCase() === host.split(",")[0]!.trim().toLowerCase();
  } catch {
    return false;
  }
}
