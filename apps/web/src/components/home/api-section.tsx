import { vectorFormatWords } from '@vectrace/contract';
import { Fragment } from 'react';
import { Link } from 'wouter';
import { useAuth } from '../../hooks/use-auth';
import { HomeSection } from './section';

const endpoints = [
  {
    method: 'POST',
    path: '/api/v1/vectorize',
    text: `An image in, the vector file out: ${vectorFormatWords()}`,
  },
  { method: 'GET', path: '/api/v1/jobs/{id}', text: 'A longer trace answers 202: poll its job' },
  { method: 'GET', path: '/api/v1/jobs/{id}/result', text: 'The result again, in any format and size' },
];

/** The example, as the reference gives it: a key from the account page, an image, a format. */
function example(base: string): { comment?: string; code: string }[] {
  return [
    { comment: 'Your key, from the account page', code: 'export VECTRACE_API_KEY=vt_...' },
    {
      comment: 'Vectorize a logo into a PDF',
      code: [
        `curl --fail-with-body ${base}/api/v1/vectorize \\`,
        '  -H "Authorization: Bearer $VECTRACE_API_KEY" \\',
        '  -F image=@logo.png -F format=pdf -o logo.pdf',
      ].join('\n'),
    },
    {
      comment: 'Try it for free: test mode marks the result',
      code: [
        `curl --fail-with-body ${base}/api/v1/vectorize \\`,
        '  -H "Authorization: Bearer $VECTRACE_API_KEY" \\',
        '  -F image=@logo.png -F mode=test -o logo.svg',
      ].join('\n'),
    },
  ];
}

/** For developers: the API with keys, a curl example, and where the reference and the keys are. */
export function ApiSection() {
  const { user } = useAuth();
  const base = typeof window === 'undefined' ? 'https://your-vectrace-host' : window.location.origin;
  const link = 'font-medium text-primary underline underline-offset-4';
  return (
    <HomeSection
      id="api"
      eyebrow="API"
      title="Automate it with the API"
      lead="Vectorize images from your scripts and build tools: one call with an API key turns a PNG, JPEG, WebP, GIF, BMP or TIFF into the format you ask for."
    >
      <div className="grid items-start gap-8 lg:grid-cols-5 lg:gap-10">
        <div className="min-w-0 lg:col-span-2">
          <dl className="divide-y divide-border overflow-hidden rounded-xl border border-border bg-surface text-sm shadow-sm">
            {endpoints.map((endpoint) => (
              <div key={`${endpoint.method} ${endpoint.path}`} className="px-4 py-3">
                <dt className="flex min-w-0 items-center gap-2 font-mono text-xs">
                  <span className="w-10 shrink-0 font-semibold text-primary">{endpoint.method}</span>
                  <span className="break-all text-foreground">{endpoint.path}</span>
                </dt>
                <dd className="mt-1 pl-12 text-muted-foreground">{endpoint.text}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-4 text-sm leading-relaxed text-muted-foreground">
            Keys come with every account: test mode is free, live calls come with Pro. Errors are JSON with a
            stable <code className="font-mono text-foreground">code</code> and a readable{' '}
            <code className="font-mono text-foreground">message</code>; each key&apos;s limits are in the{' '}
            <code className="font-mono text-foreground">RateLimit</code> headers. Files are deleted within 24
            hours of upload.
          </p>
          <p className="mt-4 flex flex-wrap gap-x-6 gap-y-2 text-sm">
            <a className={link} href="/api/docs">
              API reference
            </a>
            <Link className={link} href={user ? '/account' : '/auth'}>
              Get an API key
            </Link>
          </p>
        </div>
        <figure className="min-w-0 lg:col-span-3">
          <pre
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
            tabIndex={0}
            className="overflow-x-auto rounded-xl bg-slate-900 p-4 font-mono text-xs leading-relaxed sm:text-[13px] text-slate-100 shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring sm:p-5"
          >
            <code>
              {example(base).map((block, index, blocks) => (
                <Fragment key={block.code}>
                  {block.comment ? <span className="text-slate-400">{`# ${block.comment}\n`}</span> : null}
                  {index < blocks.length - 1 ? `${block.code}\n\n` : block.code}
                </Fragment>
              ))}
            </code>
          </pre>
          <figcaption className="mt-3 text-sm text-muted-foreground">
            The file comes back in the answer; a long trace answers 202 with a job to poll.
          </figcaption>
        </figure>
      </div>
    </HomeSection>
  );
}
