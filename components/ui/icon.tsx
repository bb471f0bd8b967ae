import { createElement, type ReactElement, type ReactNode, type SVGProps } from "react";

/**
 * Lucide's icons without lucide-react's component (issue 31). lucide-react's `Icon` is a client
 * component: every icon a server component drew was a client reference whose path data went into
 * the page's flight data as well as its HTML, and every icon carried ten attributes (xmlns, width,
 * height, fill, stroke, stroke-width, linecap, linejoin, two classes), ≈ 230 bytes each. Here an
 * icon is a plain function that any component, server or client, renders as an `<svg>` with its
 * viewBox, the short class `i` and `aria-hidden` (unless it is labelled); what the attributes said
 * is one CSS rule (`svg.i` in app/globals.css, in the base layer, so that a class such as `size-4`
 * or `fill-current` wins over it as it won over the attributes). The icons themselves (their
 * nodes, copied from lucide-react) are in ./icons.ts, written by `npx tsx scripts/icons.ts`.
 */

/** An icon's shapes: lucide's node format, `[tag, attributes, children?]`. */
export type IconNode = readonly (readonly [string, Readonly<Record<string, string>>, IconNode?])[];

export type IconProps = Omit<SVGProps<SVGSVGElement>, "ref"> & {
  /** Drawn through `style` (the CSS rule would win over an attribute). */
  strokeWidth?: number | string;
};

export type IconComponent = ((props: IconProps) => ReactElement) & { displayName: string; node: IconNode };

/** Each icon's shapes as elements, made once: an element never changes, so every drawing of the icon can share them. */
const shapes = new WeakMap<IconNode, ReactNode[]>();

/** The shapes alone, e.g. inside a sprite's `<symbol>` (the `<svg class="i">` that uses it draws them). */
export function iconShapes(node: IconNode): ReactNode[] {
  let made = shapes.get(node);
  if (!made) shapes.set(node, (made = node.map(([tag, attrs, children], i) => createElement(tag, { ...attrs, key: i }, ...(children ? iconShapes(children) : [])))));
  return made;
}

/** As lucide-react: an icon with a label (aria-*, role or title) or children is not hidden from assistive technology. */
function labelled(props: Record<string, unknown>): boolean {
  for (const k in props) if ((k.startsWith("aria-") || k === "role" || k === "title") && props[k] != null) return true;
  return false;
}

export function icon(displayName: string, node: IconNode): IconComponent {
  const Icon = ({ className, strokeWidth, style, children, ...rest }: IconProps) =>
    createElement(
      "svg",
      {
        viewBox: "0 0 24 24",
        className: className ? `i ${className}` : "i",
        ...(children != null || labelled(rest) ? {} : { "aria-hidden": "true" as const }),
        ...(strokeWidth != null ? { style: { ...style, strokeWidth } } : style ? { style } : {}),
        ...rest,
      },
      ...iconShapes(node),
      ...(children != null ? [children] : []),
    );
  Icon.displayName = displayName;
  Icon.node = node;
  return Icon;
}
