import { zodResolver } from '@hookform/resolvers/zod';
import { type LoginForm as LoginValues, loginFormSchema } from '@vectrace/contract';
import { useForm } from 'react-hook-form';
import { useAuth } from '../../hooks/use-auth';
import { Input } from '../ui/input';
import { PasswordInput } from '../ui/password-input';
import { PendingButton } from '../ui/pending-button';
import { FormField } from './form-field';

/** Login: username and password; Sign In, or Signing in... while the call is out. */
export function LoginForm({ username = '' }: { username?: string }) {
  const { loginMutation } = useAuth();
  const form = useForm<LoginValues>({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { username, password: '' },
  });
  const { errors } = form.formState;

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((values) => loginMutation.mutate(values))}
    >
      <FormField id="login-username" label="Username" error={errors.username?.message}>
        <Input
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          {...form.register('username')}
        />
      </FormField>
      <FormField id="login-password" label="Password" error={errors.password?.message}>
        <PasswordInput autoComplete="current-password" {...form.register('password')} />
      </FormField>
      <PendingButton
        type="submit"
        size="lg"
        className="mt-2 w-full"
        pending={loginMutation.isPending}
        pendingLabel="Signing in..."
      >
        Sign In
      </PendingButton>
    </form>
  );
}
