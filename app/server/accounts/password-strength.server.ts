/**
 * Refuses common and guessable passwords (OWASP ASVS: checked against common passwords, no composition rules)
 * with zxcvbn-ts and its offline common and English dictionaries. Server only: the dictionaries are large and
 * must never reach a browser bundle (app/lib and components cannot import this module).
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';
import { MESSAGES } from '~/lib/accounts/account-forms';

/** zxcvbn's scale: 3 is "safely unguessable" (about 10^8 guesses or more); 0 to 2 are its "guessable" grades. */
export const MIN_PASSWORD_SCORE = 3;

let checker: ZxcvbnFactory | undefined;

/** Built on first use: loading the dictionaries takes about a tenth of a second. */
function zxcvbn(): ZxcvbnFactory {
  checker ??= new ZxcvbnFactory({
    translations: english.translations,
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...english.dictionary },
  });
  return checker;
}

/**
 * Null when the password is hard enough to guess; otherwise the message to show, saying why. `related` are the
 * person's own words (email, names): a password made of them is easy to guess for anyone who knows them.
 */
export function passwordWeakness(password: string, related: readonly string[] = []): string | null {
  const words = related
    .flatMap((value) => value.toLowerCase().split(/[^\p{L}\p{N}]+/u))
    .filter((word) => word.length >= 3);
  const result = zxcvbn().check(password, words);
  if (result.score >= MIN_PASSWORD_SCORE) return null;
  const tips = result.feedback.suggestions.length
    ? result.feedback.suggestions
    : ['Try a longer one, for example a few unrelated words.'];
  return MESSAGES.passwordGuessable([result.feedback.warning, ...tips].filter(Boolean).join(' '));
}
