import { GuestPreferences } from "@/components/auth/guest-preferences";
import { ClientMessages } from "@/components/providers/client-messages";

export default function AuthLayout({ children }: { children: React.ReactNode }) {
  return (
    <ClientMessages namespaces={["auth", "shell.language", "shell.theme", "shell.themeDark", "shell.themeLight", "shell.themeSystem"]}>
      <div className="flex min-h-dvh flex-col">
        <header className="flex justify-end gap-2 p-4">
          <GuestPreferences />
        </header>
        <main id="main" className="flex flex-1 items-start justify-center px-4 pb-16 pt-4 sm:items-center">
          {children}
        </main>
      </div>
    </ClientMessages>
  );
}
