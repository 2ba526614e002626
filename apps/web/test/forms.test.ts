import { loginFormSchema, signUpFormSchema } from '@vectrace/contract';
import { describe, expect, it } from 'vitest';

const valid = {
  username: 'ada_l-1',
  email: 'ada@example.com',
  password: 'correct horse',
  confirmPassword: 'correct horse',
};

// What the form shows under a field: the first message zod gives for that path.
function messageFor(form: unknown, field: string, schema = signUpFormSchema): string | undefined {
  const result = schema.safeParse(form);
  return result.success ? undefined : result.error.issues.find((issue) => issue.path[0] === field)?.message;
}

describe('sign-up validation (spec section 5)', () => {
  it('accepts a valid account', () => {
    expect(signUpFormSchema.safeParse(valid).success).toBe(true);
  });

  it.each([
    ['username', 'ab', 'Username must be at least 3 characters'],
    ['username', 'a'.repeat(51), 'Username must be at most 50 characters'],
    ['username', 'ada lovelace', 'Username can only contain letters, numbers, hyphens, and underscores'],
    ['email', 'not-an-email', 'Invalid email format'],
    ['email', `${'a'.repeat(250)}@x.com`, 'Email must be at most 255 characters'],
    ['password', 'short', 'Password must be at least 8 characters'],
  ])('%s %j says "%s"', (field, value, message) => {
    const form = { ...valid, [field]: value, ...(field === 'password' ? { confirmPassword: value } : {}) };
    expect(messageFor(form, field)).toBe(message);
  });

  it('limits the password to 100 characters', () => {
    const long = 'p'.repeat(101);
    expect(messageFor({ ...valid, password: long, confirmPassword: long }, 'password')).toBe(
      'Password must be at most 100 characters',
    );
  });

  it("says Passwords don't match on the confirmation field", () => {
    expect(messageFor({ ...valid, confirmPassword: 'something else' }, 'confirmPassword')).toBe(
      "Passwords don't match",
    );
  });
});

describe('login validation', () => {
  it('requires a username and a password', () => {
    expect(messageFor({ username: '', password: 'x' }, 'username', loginFormSchema as never)).toBe(
      'Username is required',
    );
    expect(messageFor({ username: 'ada', password: '' }, 'password', loginFormSchema as never)).toBe(
      'Password is required',
    );
  });
});
