import { QueryProvider } from "@/components/providers/query-provider";

/** The public payment page sits outside the dashboard's layout; its status query needs the one QueryClient too. */
export default function PayLayout({ children }: { children: React.ReactNode }) {
  return <QueryProvider>{children}</QueryProvider>;
}
