import { hash, verify } from '@node-rs/argon2';

// Argon2id (the library's default algorithm) at OWASP's minimum: m=19 MiB, t=2, p=1.
const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** An argon2id hash of the password exactly as typed. Runs off the event loop. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

// Unknown usernames are checked against this hash so that they take as long as a wrong password.
const dummyHash = hash('not a real password; it only costs time', options);

/** Whether the password matches; with no hash (unknown user), false after the same work. */
export async function verifyPassword(stored: string | undefined, password: string): Promise<boolean> {
  if (!stored) {
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
