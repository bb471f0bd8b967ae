/**
 * What a new password must be: at least 12 characters, and not easy to guess, judged by zxcvbn-ts
 * (common passwords, names and words in English, Portuguese and Spanish, keyboard patterns, dates,
 * repetitions, and the member's own e-mail and name). Checked on the server whenever a password is
 * set: the first admin, an invitation's new account, a change of password.
 */
import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import * as en from "@zxcvbn-ts/language-en";
import * as ptBr from "@zxcvbn-ts/language-pt-br";
import * as es from "@zxcvbn-ts/language-es-es";

export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 200;
/** zxcvbn's score from 0 to 4; 3 is "safely unguessable: moderate protection from offline attacks". */
const MIN_SCORE = 3;

let factory: ZxcvbnFactory | undefined;
function zxcvbn(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...en.dictionary, ...ptBr.dictionary, ...es.dictionary },
    graphs: common.adjacencyGraphs,
    translations: en.translations,
    // How many l33t substitutions ("@" for "a", "0" for "o") a match may combine. zxcvbn's default of
    // 100 made one check of a 24-character passphrase take ≈ 1 s of CPU here (blocking every other
    // request meanwhile; a first-run journey timed out under load), 4 ≈ 40 ms; the same scores on
    // the passwords the tests and the README name (p@ssw0rd1234 still refused).
    l33tMaxSubstitutions: 4,
  });
  return factory;
}

export type PasswordProblem = "too_short" | "too_long" | "too_common";

/** null when the password may be used. `userInputs`: the member's e-mail, name, organisation. */
export function passwordProblem(password: string, userInputs: string[] = []): PasswordProblem | null {
  if (password.length < MIN_PASSWORD_LENGTH) return "too_short";
  if (password.length > MAX_PASSWORD_LENGTH) return "too_long";
  // Each input whole, its words, and its words run together ("Ana Souza" → "anasouza").
  const inputs = userInputs
    .flatMap((s) => {
      const lower = s.toLowerCase();
      const local = lower.split("@")[0]!;
      return [s, ...lower.split(/[^\p{L}\p{N}]+/u), local.replace(/[^\p{L}\p{N}]+/gu, ""), lower.replace(/[^\p{L}\p{N}]+/gu, "")];
    })
    .filter((s) => s.length >= 3);
  // zxcvbn's cost grows with length; its first 100 characters decide.
  return zxcvbn().check(password.slice(0, 100), inputs).score < MIN_SCORE ? "too_common" : null;
}

/** The i18n key of each problem (the forms show it under the field). */
export const PASSWORD_PROBLEM_MESSAGES = {
  too_short: "auth.passwordTooShort",
  too_long: "auth.passwordTooLong",
  too_common: "auth.passwordTooCommon",
} as const;
