import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';

// Runs in a worker thread (password-strength.ts): the dictionaries (about 60 MB) stay out of the
// server's heap, and a long password that costs up to a second to judge never holds requests up.
const zxcvbn = new ZxcvbnFactory({
  dictionary: { ...common.dictionary, ...en.dictionary },
  graphs: common.adjacencyGraphs,
  translations: en.translations,
});

/** zxcvbn's score, 0 (guessed at once) to 4 (very hard), of the password given these words. */
export default function score(task: { password: string; userInputs: string[] }): number {
  return zxcvbn.check(task.password, task.userInputs).score;
}
