"use client";

/*
 * Placeholders while a section waits for the API (decorative; the region says it is busy): bare
 * `.skel` bars (app/globals.css, as components/ui/skeleton.tsx draws them). Client components
 * without props: the page's flight data names them rather than carrying their elements.
 */
const Bar = ({ className }: { className: string }) => <div className={`skel ${className}`} aria-hidden="true" />;

export function ProfileSkeleton() {
  return (
    <div className="grid gap-3" aria-busy="true" data-testid="profile-skeleton">
      <Bar className="h-28" />
    </div>
  );
}

/** The two tabs' place while the page loads. */
export function TabsSkeleton() {
  return <Bar className="h-9 w-64 max-w-full" />;
}

export function LimitsSkeleton() {
  return (
    <div className="grid gap-3" aria-busy="true" data-testid="limits-skeleton">
      <Bar className="h-4 w-80 max-w-full" />
      <Bar className="h-4 w-96 max-w-full" />
      <Bar className="h-96" />
    </div>
  );
}

export function FeesSkeleton() {
  return (
    <div className="grid gap-3" aria-busy="true" data-testid="fees-skeleton">
      <Bar className="h-4 w-80 max-w-full" />
      <Bar className="h-96" />
    </div>
  );
}

/** The page's title and description while it loads. */
export function HeaderSkeleton() {
  return (
    <div className="grid gap-2">
      <Bar className="h-8 w-48" />
      <Bar className="h-4 w-80 max-w-full" />
    </div>
  );
}
