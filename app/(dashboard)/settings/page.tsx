import { redirect } from "next/navigation";
import { authorizePage } from "@/lib/auth/authorize";

export default async function SettingsPage() {
  await authorizePage("dashboard.view");
  redirect("/settings/preferences");
}
