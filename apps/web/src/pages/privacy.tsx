import { pageMeta, retentionWords } from '@vectrace/contract';
import { Mail, ShieldCheck } from 'lucide-react';
import { productName } from '../components/layout/brand';
import { PageSection, StaticPage } from '../components/layout/static-page';
import { BulletList, Callout, TextLink } from '../components/static/content';

const privacyEmail = 'privacy@vectrace.app';

const contents = [
  { id: 'information-we-collect', label: 'Information we collect' },
  { id: 'how-we-use-information', label: 'How we use information' },
  { id: 'data-security', label: 'Data security' },
  { id: 'sharing', label: 'Sharing' },
  { id: 'your-rights', label: 'Your rights' },
  { id: 'cookies', label: 'Cookies' },
  { id: 'children', label: 'Children' },
  { id: 'changes', label: 'Changes to this policy' },
  { id: 'contact', label: 'Contact us' },
];

export function PrivacyPage() {
  return (
    <StaticPage
      title="Privacy Policy"
      metaTitle={pageMeta['/privacy'].title}
      description={pageMeta['/privacy'].description}
      intro={
        <div className="flex flex-col gap-3">
          <p className="text-sm font-medium text-muted-foreground">Last updated: December 2024</p>
          <p>
            This policy explains what {productName} collects when you convert images, create an account or
            pay, why we collect it, and the choices you have. We collect as little as we can to run the
            service.
          </p>
        </div>
      }
    >
      <Callout icon={ShieldCheck} tone="success" title="File security">
        <p>
          Your uploaded images are processed securely and deleted automatically {retentionWords}, together
          with their converted vector files. Only you can see them while they exist.
        </p>
      </Callout>

      <nav aria-label="On this page" className="rounded-xl border border-border bg-surface p-5">
        <p className="text-sm font-semibold">On this page</p>
        <ol className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          {contents.map((item, index) => (
            <li key={item.id} className="flex gap-2">
              <span className="w-4 shrink-0 text-right tabular-nums text-muted-foreground">{index + 1}.</span>
              <TextLink href={`#${item.id}`}>{item.label}</TextLink>
            </li>
          ))}
        </ol>
      </nav>

      <PageSection id="information-we-collect" title="1. Information we collect">
        <h3 className="mt-1 font-semibold">Account information</h3>
        <p>
          When you create an account we store your username and e-mail address. Your password is stored only
          as a one-way hash: we cannot read it, and nobody at {productName} ever sees it. We also keep your
          plan and the state of your subscription.
        </p>
        <h3 className="mt-1 font-semibold">Images and conversions</h3>
        <p>
          We store the images you upload and the vector files we create from them, along with each
          conversion's file name, settings, status and payment status. You can convert without an account;
          your uploads are then tied to your browser by a visitor cookie (see{' '}
          <TextLink href="#cookies">Cookies</TextLink>). The image files are deleted {retentionWords}, or at
          once when you delete a result; a short record of the conversion, without any image, remains so that
          your history and payments stay correct.
        </p>
        <h3 className="mt-1 font-semibold">Payment information</h3>
        <p>
          Payments are handled by our card payment provider. You enter your card details directly with them,
          and we never receive or store your card number. We keep only what we need to connect a payment to
          you: customer and subscription references and whether a payment succeeded. If you give an e-mail
          address when you pay for one image, we use it only to send your receipt, with its link back to your
          file.
        </p>
        <h3 className="mt-1 font-semibold">Technical logs</h3>
        <p>
          Like most websites, our servers record basic technical information with each request: your IP
          address, the page or address requested, the time, and any errors. We also note failed sign-in
          attempts to protect accounts against password guessing.
        </p>
      </PageSection>

      <PageSection id="how-we-use-information" title="2. How we use information">
        <p>We use the information above only to:</p>
        <BulletList>
          <li>convert your images, show you previews, and deliver your downloads;</li>
          <li>create and run your account, and keep you signed in;</li>
          <li>process payments and unlock the conversions you have paid for or your Pro plan;</li>
          <li>keep the service secure, prevent abuse and fix problems;</li>
          <li>answer you when you contact us.</li>
        </BulletList>
        <p>
          We do not use your images for anything other than converting them for you, and we do not send
          marketing e-mails you have not asked for.
        </p>
      </PageSection>

      <PageSection id="data-security" title="3. Data security">
        <BulletList>
          <li>All traffic between your browser and {productName} is encrypted with HTTPS.</li>
          <li>Passwords are stored only as strong, salted hashes.</li>
          <li>
            Uploads go through single-use links that expire after a few minutes, and images and results are
            deleted automatically {retentionWords}.
          </li>
          <li>
            Access to files is limited to their owner: your conversions can be seen and downloaded only from
            your account, or from the browser that uploaded them.
          </li>
          <li>Sign-in cookies cannot be read by scripts on the page and end when you log out.</li>
        </BulletList>
        <p>
          No system is perfectly secure, but we work to protect your data, and we will tell affected users
          promptly if a breach puts their information at risk.
        </p>
      </PageSection>

      <PageSection id="sharing" title="4. Sharing">
        <p>
          We share information only with our card payment provider, to the extent needed to take your payment
          and manage your subscription. We do not sell, rent or trade your personal information or your
          images, and we do not share them with advertisers. We would disclose information only if the law
          required us to.
        </p>
      </PageSection>

      <PageSection id="your-rights" title="5. Your rights">
        <p>You can ask us at any time to:</p>
        <BulletList>
          <li>
            <strong className="font-semibold">access</strong> the personal information we hold about you;
          </li>
          <li>
            <strong className="font-semibold">correct</strong> anything that is inaccurate;
          </li>
          <li>
            <strong className="font-semibold">delete</strong> your account and the data linked to it;
          </li>
          <li>
            <strong className="font-semibold">export</strong> your data in a common, machine-readable format.
          </li>
        </BulletList>
        <p>
          Write to <TextLink href={`mailto:${privacyEmail}`}>{privacyEmail}</TextLink> from the e-mail address
          on your account. Depending on where you live, you may have further rights under local law, including
          the right to complain to your data protection authority.
        </p>
      </PageSection>

      <PageSection id="cookies" title="6. Cookies">
        <p>We use three cookies of our own, all needed for the service to work:</p>
        <BulletList>
          <li>
            <strong className="font-semibold">Session cookie</strong>: keeps you signed in after you log in.
            It is removed when you log out and expires after a period without use.
          </li>
          <li>
            <strong className="font-semibold">Visitor cookie</strong>: lets an anonymous visitor's uploads and
            conversions stay theirs, so nobody else can open them. It expires after 30 days.
          </li>
          <li>
            <strong className="font-semibold">Known-browser cookie</strong>: remembers which accounts signed
            in from this browser, so that you can still log in while someone is guessing your password from
            elsewhere. It holds no name or password and expires after a year.
          </li>
        </BulletList>
        <p>
          We do not use advertising or tracking cookies. When you pay, our card payment provider may set its
          own cookies on the checkout form to process the payment securely and prevent fraud.
        </p>
      </PageSection>

      <PageSection id="children" title="7. Children">
        <p>
          {productName} is not directed to children under 13, and we do not knowingly collect personal
          information from them. If you believe a child under 13 has given us personal information, contact us
          and we will delete it.
        </p>
      </PageSection>

      <PageSection id="changes" title="8. Changes to this policy">
        <p>
          We may update this policy as the service changes. When we do, we will change the date at the top of
          this page, and for significant changes we will give notice on the site or by e-mail to account
          holders before they take effect.
        </p>
      </PageSection>

      <PageSection id="contact" title="9. Contact us">
        <p>Questions about this policy or your data? Write to us and we will reply within 48 hours.</p>
        <a
          href={`mailto:${privacyEmail}`}
          className="flex items-center gap-3 self-start rounded-xl border border-border bg-surface p-4 font-medium text-primary shadow-sm transition-colors hover:bg-primary-soft focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring [overflow-wrap:anywhere]"
        >
          <Mail aria-hidden="true" className="size-5 shrink-0" />
          {privacyEmail}
        </a>
      </PageSection>
    </StaticPage>
  );
}
