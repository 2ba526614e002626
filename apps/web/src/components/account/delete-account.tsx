import { DialogClose, DialogTrigger } from '@radix-ui/react-dialog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@vectrace/contract';
import { type FormEvent, useState } from 'react';
import { useLocation } from 'wouter';
import { toast } from '../../hooks/use-toast';
import { apiRequest, errorMessage } from '../../lib/api';
import { forgetMemory } from '../../lib/converter-memory';
import { queryKeys } from '../../lib/query-keys';
import { FormField } from '../auth/form-field';
import { Button } from '../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../ui/dialog';
import { FormAlert } from '../ui/form-alert';
import { PasswordInput } from '../ui/password-input';
import { PendingButton } from '../ui/pending-button';

/** Delete the account with everything in it, once the password confirms it. */
export function DeleteAccount() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const remove = useMutation({
    mutationFn: () => apiRequest('POST', apiPaths.accountDelete, { password }),
    onSuccess: () => {
      forgetMemory();
      queryClient.setQueryData(queryKeys.user, null);
      void queryClient.invalidateQueries({ refetchType: 'none' });
      toast({
        title: 'Account deleted',
        description: 'Your account, its conversions and their files are gone.',
      });
      navigate('/');
    },
    onError: (error) =>
      setProblem(errorMessage(error, 'The account could not be deleted. Please try again.')),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (!password) return setProblem('Your password is required');
    remove.mutate();
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Delete account</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm">
        <p>
          Deletes your account, every conversion and every file at once. A Pro subscription is cancelled so it
          is never charged again. This cannot be undone.
        </p>
        <Dialog>
          <DialogTrigger asChild>
            <Button variant="destructive" className="self-start">
              Delete account
            </Button>
          </DialogTrigger>
          <DialogContent>
            <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
              <DialogHeader>
                <DialogTitle>Delete your account?</DialogTitle>
                <DialogDescription>
                  Your conversions, uploads and results are deleted now, and you are signed out. Type your
                  password to confirm.
                </DialogDescription>
              </DialogHeader>
              <FormField id="delete-password" label="Password">
                <PasswordInput
                  autoComplete="current-password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                />
              </FormField>
              <FormAlert message={problem} />
              <DialogFooter>
                <DialogClose asChild>
                  <Button variant="outline">Keep my account</Button>
                </DialogClose>
                <PendingButton
                  type="submit"
                  variant="destructive"
                  pending={remove.isPending}
                  pendingLabel="Deleting..."
                >
                  Delete everything
                </PendingButton>
              </DialogFooter>
            </form>
          </DialogContent>
        </Dialog>
      </CardContent>
    </Card>
  );
}
