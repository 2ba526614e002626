import { weakPasswordMessage } from '@vectrace/contract';
import { Piscina } from 'piscina';
import { AppError } from '../../errors.js';

/** zxcvbn's score a new password needs: 3 is "safely unguessable" (about 10^8 guesses or more). */
export const MIN_PASSWORD_SCORE = 3;

// One thread for the whole process, started at the first judgement and gone after a minute idle.
let pool: Piscina | undefined;
const judge = () => {
  pool ??= new Piscina({
    filename: new URL('./strength-task.js', import.meta.url).href,
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: 60_000,
  });
  return pool;
};

/**
 * 400 unless the password is hard to guess (zxcvbn-ts score 3 or more), judged with the words an
 * attacker tries first: the username, the e-mail address (and its local part) and "vectrace".
 */
export async function refuseWeakPassword(password: string, about: { username: string; email: string }) {
  const email = about.email.trim().toLowerCase();
  const userInputs = [about.username, email, email.split('@')[0], 'vectrace'];
  const score: number = await judge().run({ password, userInputs });
  if (score < MIN_PASSWORD_SCORE) throw new AppError(400, 'invalid_request', weakPasswordMessage);
}
