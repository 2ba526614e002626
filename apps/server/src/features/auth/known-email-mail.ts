import type { Deps } from '../../deps.js';
import { escapeHtml } from '../../mail/escape-html.js';
import type { Mail } from '../../mail/mailer.js';
import type { UserRow } from './queries.js';
import { takeUnlockMailTurn } from './unlock-mail.js';

/**
 * The mail to the owner of an address someone signed up with: sign-up itself answers as for any
 * address (it tells no one which have accounts), so the owner is the one told.
 */
export function knownEmailMail(facts: { to: string; username: string; loginUrl: string }): Mail {
  const what = `Someone signed up to Vectrace with this address (${facts.to}). It is already the address of your account ${facts.username}, so the new account was not given it and cannot use it: nothing of yours has changed.`;
  const ifYou = `If it was you, your account is still there: log in as ${facts.username}.`;
  const otherwise = "If it wasn't you, you don't need to do anything.";
  const text = [what, '', ifYou, facts.loginUrl, '', otherwise, '', 'Vectrace'].join('\n');
  const html = `<!doctype html><html><body>
<p>${escapeHtml(what)}</p>
<p>${escapeHtml(ifYou)}<br><a href="${escapeHtml(facts.loginUrl)}">${escapeHtml(facts.loginUrl)}</a></p>
<p>${escapeHtml(otherwise)}</p>
<p>Vectrace</p>
</body></html>`;
  return { to: facts.to, subject: 'Someone signed up with your address', text, html };
}

/**
 * Tells the owner of `email`'s account, in the background, that someone signed up with it: at
 * most once per 15 minutes per account (its turns kept beside the unlock mails', keyed apart).
 */
export function sendKnownEmailMail(deps: Deps, owner: UserRow, origin: string): void {
  deps.mail.deliver(async () => {
    if (!(await takeUnlockMailTurn(deps.db, `sign-up:${owner.usernameKey}`, deps.clock()))) return null;
    const loginUrl = `${deps.config.publicUrl ?? origin}/auth`;
    return knownEmailMail({ to: owner.email, username: owner.username, loginUrl });
  });
}
