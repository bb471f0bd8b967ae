"use client";

import Link from "@/components/ui/link";
import { usePathname } from "next/navigation";
import { useEffect, useRef } from "react";

/**
 * `label`: the section's name, in the member's words (the layout translates it on the server).
 * `exact`: active only on that very path (a section whose href is the parent of the others).
 * `badge`: a count shown beside the label (e.g. requests waiting for approval), with its words for
 * screen readers.
 */
export type Section = { href: string; label: string; exact?: boolean; badge?: { count: number; label: string } };

/**
 * The sections of a page family this member may open (the layout decides from the role). Where they
 * are wider than the screen (a phone) they scroll sideways, and the open one is brought into view:
 * "Approvals" or "Audit log", the last, was cut off at the edge when it was the page shown.
 */
export function SectionNav({ sections, label }: { sections: Section[]; label: string }) {
  const pathname = usePathname();
  const nav = useRef<HTMLElement>(null);
  useEffect(() => {
    const box = nav.current;
    const open = box?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!box || !open || box.scrollWidth <= box.clientWidth) return;
    const b = box.getBoundingClientRect();
    const r = open.getBoundingClientRect();
    // Only the strip scrolls (never the page), with a little of the next section showing.
    if (r.right > b.right) box.scrollLeft += r.right - b.right + 16;
    else if (r.left < b.left) box.scrollLeft -= b.left - r.left + 16;
  }, [pathname]);
  return (
    <nav ref={nav} aria-label={label} className="-mx-1 overflow-x-auto border-b px-1">
      <ul className="flex w-max gap-1">
        {sections.map((item) => {
          const active = pathname === item.href || (!item.exact && pathname.startsWith(`${item.href}/`));
          return (
            <li key={item.href}>
              <Link
                href={item.href}
                aria-current={active ? "page" : undefined}
                className="section-link"
              >
                {item.label}
                {item.badge && item.badge.count > 0 && (
                  <span className="rounded-full bg-primary px-1.5 py-0.5 text-xs leading-none text-primary-foreground" data-testid="section-badge">
                    <span aria-hidden>{item.badge.count}</span>
                    <span className="sr-only">{item.badge.label}</span>
                  </span>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
