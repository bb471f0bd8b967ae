/**
 * The public payment page's status, for its polling: the status and nothing else, 404 when the page
 * no longer answers (unknown token, turned off, expired). No session: the token is the capability.
 */
import { getDb } from "@/lib/db";
import { publicCharge } from "@/lib/charges/service";

export const dynamic = "force-dynamic";

const HEADERS = { "cache-control": "no-store", "x-robots-tag": "noindex", "referrer-policy": "no-referrer" };

export async function GET(_req: Request, { params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const charge = await publicCharge(await getDb(), token);
  if (!charge) return Response.json({ error: "not_found" }, { status: 404, headers: HEADERS });
  return Response.json({ status: charge.status, verifying: charge.verifying }, { headers: HEADERS });
}
