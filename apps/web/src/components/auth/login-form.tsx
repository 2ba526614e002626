import { zodResolver } from '@hookform/resolvers/zod';
import { type LoginForm as LoginValues, loginFormSchema } from '@vectrace/contract';
import { useForm } from 'react-hook-form';
import { useAuth } from '../../hooks/use-auth';
import { Button } from '../ui/button';
import { Input } from '../ui/input';
import { PasswordInput } from '../ui/password-input';
import { Spinner } from '../ui/spinner';
import { FormField } from './form-field';

/** Login: username and password; Sign In, or Signing in... while the call is out. */
export function LoginForm() {
  const { loginMutation } = useAuth();
  const form = useForm<LoginValues>({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { username: '', password: '' },
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
      <Button type="submit" size="lg" className="mt-2 w-full" disabled={loginMutation.isPending}>
        {loginMutation.isPending ? (
          <>
            <Spinner /> Signing in...
          </>
        ) : (
          'Sign In'
        )}
      </Button>
    </form>
  );
}
