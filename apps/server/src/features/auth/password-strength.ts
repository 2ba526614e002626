import { weakPasswordMessage } from '@vectrace/contract';
import { AppError } from '../../errors.js';
import { openThreadPool, type ThreadPool } from '../../threads/thread-pool.js';

/** zxcvbn's score a new password needs: 3 is "safely unguessable" (about 10^8 guesses or more). */
export const MIN_PASSWORD_SCORE = 3;

// One thread for the whole process, started at the first judgement and gone after a minute idle.
let pool: ThreadPool | undefined;
const judge = () => {
  pool ??= openThreadPool({
    task: new URL('./strength-task.js', import.meta.url),
    threads: 1,
    idleMs: 60_000,
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
  const score = await judge().run<number>({ password, userInputs });
  if (score < MIN_PASSWORD_SCORE) throw new AppError(400, 'invalid_request', weakPasswordMessage);
}
