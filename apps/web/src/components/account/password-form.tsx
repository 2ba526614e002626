import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type ChangePasswordInput, changePasswordSchema } from '@vectrace/contract';
import { type FormEvent, useState } from 'react';
import { toast } from '../../hooks/use-toast';
import { apiRequest, errorMessage } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { FormField } from '../auth/form-field';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card';
import { FormAlert } from '../ui/form-alert';
import { PasswordInput } from '../ui/password-input';
import { PendingButton } from '../ui/pending-button';

const empty = { currentPassword: '', newPassword: '', confirm: '' };

/**
 * Change password: the current one, the new one twice. Other browsers are signed out, and the
 * API keys revoked unless the owner unticks the box.
 */
export function PasswordForm() {
  const [fields, setFields] = useState(empty);
  const [revokeApiKeys, setRevokeApiKeys] = useState(true);
  const [problem, setProblem] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: (input: ChangePasswordInput) => apiRequest('POST', apiPaths.accountPassword, input),
    onSuccess: (_answer, input) => {
      setFields(empty);
      if (input.revokeApiKeys) void queryClient.invalidateQueries({ queryKey: queryKeys.apiKeys });
      toast({
        title: 'Password changed',
        description: input.revokeApiKeys
          ? 'Other browsers signed in to this account were signed out, and its API keys revoked.'
          : 'Other browsers signed in to this account were signed out.',
      });
    },
    onError: (error) =>
      setProblem(errorMessage(error, 'The password could not be changed. Please try again.')),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const parsed = changePasswordSchema.safeParse({ ...fields, revokeApiKeys });
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? 'Please check the fields.');
    if (fields.newPassword !== fields.confirm) return setProblem("The new passwords don't match.");
    change.mutate(parsed.data);
  };
  const set = (name: keyof typeof fields) => (event: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [name]: event.target.value }));

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Change password</CardTitle>
      </CardHeader>
      <CardContent>
        <form className="flex max-w-md flex-col gap-4" onSubmit={submit} noValidate>
          <FormField id="current-password" label="Current password">
            <PasswordInput
              autoComplete="current-password"
              value={fields.currentPassword}
              onChange={set('currentPassword')}
            />
          </FormField>
          <FormField id="new-password" label="New password">
            <PasswordInput
              autoComplete="new-password"
              value={fields.newPassword}
              onChange={set('newPassword')}
            />
          </FormField>
          <FormField id="confirm-password" label="Confirm new password">
            <PasswordInput autoComplete="new-password" value={fields.confirm} onChange={set('confirm')} />
          </FormField>
          <label className="flex cursor-pointer items-start gap-2 text-sm">
            <input
              type="checkbox"
              checked={revokeApiKeys}
              onChange={(event) => setRevokeApiKeys(event.target.checked)}
              className="mt-0.5 size-4 accent-primary"
            />
            <span>
              Also revoke my API keys
              <span className="block text-xs text-muted-foreground">
                Programs using them stop working until you give them new keys.
              </span>
            </span>
          </label>
          <FormAlert message={problem} />
          <PendingButton
            type="submit"
            pending={change.isPending}
            pendingLabel="Changing..."
            className="self-start"
          >
            Change password
          </PendingButton>
        </form>
      </CardContent>
    </Card>
  );
}
