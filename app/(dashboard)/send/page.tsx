import type { Metadata } from "next";
import { SectionPlaceholder } from "@/components/shell/section-placeholder";
import { getI18n } from "@/lib/i18n/server";
import { authorizePage } from "@/lib/auth/authorize";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("pages.send.title") };
}

export default async function Page() {
  // Every page checks for itself; the layout's check does not protect what a page renders.
  await authorizePage("dashboard.view");
  return <SectionPlaceholder section="send" />;
}
