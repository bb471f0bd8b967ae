import type { NextRequest } from "next/server";
import { handlers } from "@/lib/auth";

/**
 * Auth.js's own endpoints. A refusal it answers without words (a 4xx whose body is `null` or empty,
 * e.g. a malformed POST to /api/auth/session) gets a message, so that every refusal says something.
 */
async function withMessage(answer: Response): Promise<Response> {
  if (answer.status < 400 || answer.status >= 500) return answer;
  const text = await answer.clone().text();
  if (text.trim() !== "" && text.trim() !== "null") return answer;
  const headers = new Headers(answer.headers);
  headers.set("content-type", "application/json");
  headers.delete("content-length");
  return new Response(JSON.stringify({ error: "bad_request", message: "This sign-in request could not be read." }), { status: answer.status, headers });
}

export async function GET(req: NextRequest): Promise<Response> {
  return withMessage(await handlers.GET(req));
}

export async function POST(req: NextRequest): Promise<Response> {
  return withMessage(await handlers.POST(req));
}
