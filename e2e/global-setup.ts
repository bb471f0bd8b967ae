import { startMailCatcher } from "./support/mail-catcher";

/** Before the journeys: the local SMTP server the demo dashboard mails through. */
export default async function globalSetup() {
  return startMailCatcher();
}
