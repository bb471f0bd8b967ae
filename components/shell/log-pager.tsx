import Link from "@/components/ui/link";
import { Button } from "@/components/ui/button";
import type { Translate } from "@/lib/i18n";

/** "Newest" and "Older" links of a log read newest first, paged by id (`before`). */
export function LogPager({ href, before, nextBefore, t }: { href: (before?: number) => string; before?: number; nextBefore: number | null; t: Translate }) {
  if (!nextBefore && !before) return null;
  return (
    <nav className="flex gap-2" aria-label={t("developers.pages")}>
      {before && (
        <Button asChild size="sm" variant="outline">
          <Link href={href()}>{t("developers.newest")}</Link>
        </Button>
      )}
      {nextBefore && (
        <Button asChild size="sm" variant="outline">
          <Link href={href(nextBefore)}>{t("developers.older")}</Link>
        </Button>
      )}
    </nav>
  );
}
