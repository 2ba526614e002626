import type { Db } from '../../db/index.js';
import type { Deps } from '../../deps.js';
import { escapeHtml } from '../../mail/escape-html.js';
import type { Mail } from '../../mail/mailer.js';
import { findUserByUsername, mailboxOf } from './queries.js';
import { unlockLink, unlockToken } from './unlock-link.js';

/** At most one unlock mail per account in this time, however many strangers are refused. */
export const UNLOCK_MAIL_INTERVAL_MS = 15 * 60_000;

/**
 * Takes the account's turn to be mailed: true for only one caller per 15 minutes, in whichever
 * process (the row's time moves only when the last mail is older than that).
 */
export async function takeUnlockMailTurn(db: Db, usernameKey: string, now: Date): Promise<boolean> {
  const sentAt = now.toISOString();
  const before = new Date(now.getTime() - UNLOCK_MAIL_INTERVAL_MS).toISOString();
  const row = await db
    .insertInto('unlockMails')
    .values({ usernameKey, sentAt })
    .onConflict((oc) =>
      oc.column('usernameKey').doUpdateSet({ sentAt }).where('unlockMails.sentAt', '<=', before),
    )
    .returning('usernameKey')
    .executeTakeFirst();
  return row !== undefined;
}

/** Forgets turns older than the interval: they no longer hold anything back. */
export async function pruneUnlockMails(db: Db, now: Date): Promise<void> {
  const before = new Date(now.getTime() - UNLOCK_MAIL_INTERVAL_MS).toISOString();
  await db.deleteFrom('unlockMails').where('sentAt', '<=', before).execute();
}

/** The mail to the owner of an account strangers are guessing at: what happened, and the link. */
export function unlockMail(facts: { to: string; username: string; link: string }): Mail {
  const why = `Someone has tried many wrong passwords for your Vectrace account ${facts.username}, from many places. To keep them out, the account now only accepts logins from browsers that signed in to it before.`;
  const how =
    'To sign in from another browser (a new phone or computer), open this link in it within an hour, then enter your password. The link alone does not sign anyone in.';
  const otherwise =
    "If you didn't try to log in, you don't need to do anything: logins open to every browser again once the wrong guesses stop for an hour. If your password is easy to guess, change it on your account page.";
  const text = [why, '', how, facts.link, '', otherwise, '', 'Vectrace'].join('\n');
  const html = `<!doctype html><html><body>
<p>${escapeHtml(why)}</p>
<p>${escapeHtml(how)}</p>
<p><a href="${escapeHtml(facts.link)}">Let this browser sign in to ${escapeHtml(facts.username)}</a><br>${escapeHtml(facts.link)}</p>
<p>${escapeHtml(otherwise)}</p>
<p>Vectrace</p>
</body></html>`;
  return { to: facts.to, subject: `Sign in to ${facts.username} from a new browser`, text, html };
}

/**
 * Mails the account's owner, in the background, a link that lets a new browser sign in: sent when
 * a stranger's login is refused, at most once per 15 minutes per account. No account, no mail.
 */
export function sendUnlockMail(deps: Deps, usernameKey: string, origin: string): void {
  deps.mail.deliver(async () => {
    const user = await findUserByUsername(deps.db, usernameKey);
    const to = user && mailboxOf(user);
    if (!user || !to) return null;
    const now = deps.clock();
    if (!(await takeUnlockMailTurn(deps.db, usernameKey, now))) return null;
    const link = unlockLink(
      deps.config.publicUrl ?? origin,
      unlockToken(deps.config.secret, usernameKey, now),
    );
    return unlockMail({ to, username: user.username, link });
  });
}
