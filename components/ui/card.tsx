import * as React from "react";

/*
 * A card's parts carry a slot and one short class each (app/globals.css, in the components layer);
 * a caller's utilities win over them.
 */
function cardPart(slot: string, name: string) {
  function Part({ className, ...props }: React.ComponentProps<"div">) {
    return <div data-slot={slot} className={className ? `${slot} ${className}` : slot} {...props} />;
  }
  Part.displayName = name;
  return Part;
}

const Card = cardPart("card", "Card");
const CardHeader = cardPart("card-header", "CardHeader");
const CardTitle = cardPart("card-title", "CardTitle");
const CardDescription = cardPart("card-description", "CardDescription");
const CardAction = cardPart("card-action", "CardAction");
const CardContent = cardPart("card-content", "CardContent");
const CardFooter = cardPart("card-footer", "CardFooter");

export { Card, CardAction, CardContent, CardDescription, CardFooter, CardHeader, CardTitle };
