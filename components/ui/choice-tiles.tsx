import type { UseFormRegisterReturn } from "react-hook-form";
import { cx } from "@/lib/class-join";

/**
 * A choice among a few options shown as tiles (a radio group: arrow keys move, the focused tile is
 * ringed), with a line of help about the chosen one under them.
 */
export function ChoiceTiles<V extends string>({
  legend,
  options,
  value,
  label,
  help,
  field,
  className,
}: {
  legend: string;
  options: readonly V[];
  value: V;
  label: (option: V) => string;
  help: string;
  /** The form's registration of the radio group (`form.register(name)`), or its name alone before the form's code loaded (components/forms/lazy-form.ts). */
  field: UseFormRegisterReturn | { name: string };
  /** The grid of tiles, e.g. its columns. */
  className: string;
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <div className={cx("grid gap-2", className)}>
        {options.map((option) => (
          <label
            key={option}
            className={cx(
              "flex cursor-pointer items-center justify-center rounded-md border px-2 py-2 text-center text-sm transition-colors has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50",
              value === option ? "border-primary bg-primary/10 font-medium" : "hover:bg-muted",
            )}
          >
            <input type="radio" value={option} defaultChecked={value === option} className="sr-only" {...field} />
            {label(option)}
          </label>
        ))}
      </div>
      <p className="text-xs text-muted-foreground">{help}</p>
    </fieldset>
  );
}
