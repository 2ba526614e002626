import { zodResolver } from '@hookform/resolvers/zod';
import { type SignUpForm as SignUpValues, signUpFormSchema } from '@vectrace/contract';
import { useForm } from 'react-hook-form';
import { useAuth } from '../../hooks/use-auth';
import { Input } from '../ui/input';
import { PasswordInput } from '../ui/password-input';
import { PendingButton } from '../ui/pending-button';
import { FormField } from './form-field';

/** Sign up: the confirmation is checked here and never sent. */
export function SignUpForm() {
  const { registerMutation } = useAuth();
  const form = useForm<SignUpValues>({
    resolver: zodResolver(signUpFormSchema),
    defaultValues: { username: '', email: '', password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit(({ confirmPassword: _, ...account }) => registerMutation.mutate(account))}
    >
      <FormField id="sign-up-username" label="Username" error={errors.username?.message}>
        <Input
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          {...form.register('username')}
        />
      </FormField>
      <FormField id="sign-up-email" label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...form.register('email')} />
      </FormField>
      <FormField id="sign-up-password" label="Password" error={errors.password?.message}>
        <PasswordInput autoComplete="new-password" {...form.register('password')} />
      </FormField>
      <FormField
        id="sign-up-confirm-password"
        label="Confirm Password"
        error={errors.confirmPassword?.message}
      >
        <PasswordInput autoComplete="new-password" {...form.register('confirmPassword')} />
      </FormField>
      <PendingButton
        type="submit"
        size="lg"
        className="mt-2 w-full"
        pending={registerMutation.isPending}
        pendingLabel="Creating account..."
      >
        Create Account
      </PendingButton>
    </form>
  );
}
