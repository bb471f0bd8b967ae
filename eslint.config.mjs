import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [".next/**", "node_modules/**", ".data/**", "next-env.d.ts", "test-results/**", "playwright-report/**", "lib/db/migrations/**"],
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // Icons come from "@/components/ui/icons" (components/ui/icon.tsx: no client component, no per-icon attributes).
    // Links from "@/components/ui/link" (pages fetched ahead on intent, not whenever a link is in view).
    files: ["app/**", "components/**"],
    ignores: ["components/ui/link.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            { name: "lucide-react", message: 'Import icons from "@/components/ui/icons", then run `npx tsx scripts/icons.ts`.' },
            { name: "next/link", message: 'Import Link from "@/components/ui/link": it fetches a page ahead on intent, not whenever the link is in view, and is ≈ 4 KiB lighter.' },
          ],
        },
      ],
    },
  },
];
export default config;
