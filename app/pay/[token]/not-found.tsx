import { getI18n } from "@/lib/i18n/server";

/** Whatever the reason (unknown, turned off, expired, paid long ago): one answer that reveals nothing. */
export default async function PayNotFound() {
  const { t } = await getI18n();
  return (
    <main className="mx-auto grid min-h-dvh max-w-md place-content-center gap-2 px-4 text-center">
      <h1 className="text-xl font-semibold">{t("charges.public.goneTitle")}</h1>
      <p className="text-sm text-muted-foreground">{t("charges.public.goneDescription")}</p>
    </main>
  );
}
