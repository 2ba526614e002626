import { useMutation } from '@tanstack/react-query';
import { apiPaths, type UnlockAnswer } from '@vectrace/contract';
import { CheckCircle2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { ApiError, apiJson } from '../../lib/api';
import { FormAlert } from '../ui/form-alert';

/**
 * The login page opened from the e-mailed link (`/auth?unlock=...`), sent while strangers' logins
 * to the account are refused: the server lets this browser try the password, and the page says so
 * (or why the link doesn't work). The link does not sign in: the password is still asked.
 */
export function UnlockNotice({
  token,
  onUnlocked,
}: {
  token: string;
  onUnlocked: (username: string) => void;
}) {
  const unlock = useMutation({
    mutationFn: () => apiJson<UnlockAnswer>('POST', apiPaths.loginUnlock, { token }),
    onSuccess: (answer) => onUnlocked(answer.username),
  });
  const asked = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: asked once, for the link the page opened with
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    unlock.mutate();
  }, []);

  if (unlock.data) {
    return (
      <p role="status" className="mb-4 flex items-start gap-2 text-sm font-medium">
        <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
        {unlock.data.message}
      </p>
    );
  }
  if (!unlock.error) return null;
  const message =
    unlock.error instanceof ApiError && unlock.error.status < 500
      ? unlock.error.message
      : "Vectrace didn't answer. Check your connection, then open the link from the e-mail again.";
  return (
    <div className="mb-4">
      <FormAlert message={message} />
    </div>
  );
}
