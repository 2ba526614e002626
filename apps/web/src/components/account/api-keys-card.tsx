import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ApiKeyList,
  apiPaths,
  type CreatedApiKey,
  createApiKeySchema,
  MAX_API_KEYS,
  type PlanType,
} from '@vectrace/contract';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { apiJson, errorMessage } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { FormField } from '../auth/form-field';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card';
import { FormAlert } from '../ui/form-alert';
import { Input } from '../ui/input';
import { PendingButton } from '../ui/pending-button';
import { ApiKeyRow } from './api-key-row';
import { NewKeyDialog } from './new-key-dialog';

const keyNameId = 'api-key-name';

/** The developer API's keys: create one (its secret shown once), see when each was last used, revoke. */
export function ApiKeysCard({ planType }: { planType: PlanType }) {
  const queryClient = useQueryClient();
  const keys = useQuery<ApiKeyList>({ queryKey: queryKeys.apiKeys });
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const create = useMutation({
    mutationFn: (input: { name: string }) => apiJson<CreatedApiKey>('POST', apiPaths.apiKeys, input),
    onSuccess: (key) => {
      setName('');
      setCreated(key);
      void queryClient.invalidateQueries({ queryKey: queryKeys.apiKeys });
    },
    onError: (error) => setProblem(errorMessage(error, 'The key could not be created. Please try again.')),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const parsed = createApiKeySchema.safeParse({ name });
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? 'Please name the key');
    create.mutate(parsed.data);
  };
  const list = keys.data?.keys ?? [];

  // A revoked key's row leaves with the dialog that confirmed it, focus and all: focus goes to
  // the name of a new key (after a revoke there is always room for one), not to the page.
  const focusNameField = useRef(false);
  useEffect(() => {
    if (!focusNameField.current) return;
    const field = document.getElementById(keyNameId);
    if (!field) return;
    focusNameField.current = false;
    field.focus();
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">API keys</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 text-sm">
        <p>
          Convert images from your own code with the{' '}
          <a className="font-medium text-primary underline underline-offset-4" href="/api/docs">
            API reference
          </a>
          . Send a key as <code className="font-mono">Authorization: Bearer</code>.{' '}
          {planType === 'pro' ? (
            'Your Pro plan includes live calls; mode=test gives free, marked results.'
          ) : (
            <>
              With your free plan keys work in test mode (free, results with bands cut out of the picture);
              live calls come with{' '}
              <Link
                className="font-medium text-primary underline underline-offset-4"
                href="/checkout?plan=pro"
              >
                Pro
              </Link>
              .
            </>
          )}
        </p>
        {keys.isError ? <p role="alert">Your keys could not be loaded. Please reload the page.</p> : null}
        {list.length > 0 ? (
          <ul className="divide-y divide-border rounded-lg border border-border" aria-label="Your API keys">
            {list.map((key) => (
              <ApiKeyRow
                key={key.id}
                apiKey={key}
                onRevoked={() => {
                  focusNameField.current = true;
                }}
              />
            ))}
          </ul>
        ) : keys.isSuccess ? (
          <p className="text-muted-foreground">No keys yet.</p>
        ) : null}
        {list.length < MAX_API_KEYS ? (
          <form className="flex flex-col gap-3 sm:flex-row sm:items-end" onSubmit={submit} noValidate>
            <div className="flex-1">
              <FormField id={keyNameId} label="Key name">
                <Input
                  value={name}
                  maxLength={60}
                  placeholder="e.g. Build server"
                  onChange={(e) => setName(e.target.value)}
                />
              </FormField>
            </div>
            <PendingButton type="submit" pending={create.isPending} pendingLabel="Creating…">
              Create key
            </PendingButton>
          </form>
        ) : (
          <p className="text-muted-foreground">
            You hold {MAX_API_KEYS} keys, the most an account can. Revoke one to create another.
          </p>
        )}
        <FormAlert message={problem} />
      </CardContent>
      <NewKeyDialog created={created} onClose={() => setCreated(null)} />
    </Card>
  );
}
