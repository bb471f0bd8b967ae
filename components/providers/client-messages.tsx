import "server-only";
import { getI18n } from "@/lib/i18n/server";
import { pickMessages } from "@/lib/i18n/pick";
import { MessagesProvider } from "./i18n-provider";
import { compileMessages, type CompiledMessages } from "./compiled";
import { perfBaseline } from "@/lib/perf-baseline";

/** Picked and compiled parts by language and paths (./compiled.ts): the same few sets serve every request. */
const picked = new Map<string, CompiledMessages>();

/**
 * The parts of the dictionary (`namespaces`: dotted paths, "send" or "security.reauth") that the
 * client components under it use, in the member's language, added to those of the layouts above.
 * Server components translate on the server and need none. Every layout and page that renders
 * client components names theirs; test/i18n/client-messages.test.ts reads each route's client
 * components for the keys they use and fails when one is not given, or when a path is given that
 * nothing under it uses.
 */
export async function ClientMessages({ namespaces, children }: { namespaces: readonly string[]; children: React.ReactNode }) {
  // A benchmark's baseline has the whole dictionary from the root layout (lib/perf-baseline.ts).
  if (perfBaseline()) return children;
  const { locale, messages } = await getI18n();
  const key = `${locale}|${namespaces.join(",")}`;
  let part = picked.get(key);
  if (!part) picked.set(key, (part = compileMessages(pickMessages(messages, namespaces))));
  return <MessagesProvider messages={part}>{children}</MessagesProvider>;
}
