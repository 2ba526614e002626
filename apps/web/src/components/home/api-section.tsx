import { Fragment } from 'react';
import { HomeSection } from './section';

const endpoints = [
  { method: 'POST', path: '/api/objects/upload', text: 'A signed upload URL, valid 15 minutes' },
  { method: 'PUT', path: '{uploadURL}', text: 'The raw PNG or JPEG bytes, up to 10MB' },
  { method: 'POST', path: '/api/conversions', text: 'Start a conversion with your settings' },
  { method: 'GET', path: '/api/conversions/{id}', text: 'Poll until the status is completed' },
  { method: 'GET', path: '/api/preview/{id}', text: 'A PNG preview, watermarked until paid' },
  { method: 'GET', path: '/api/download/{id}', text: 'The SVG, once paid or on Pro' },
];

const json = "-H 'content-type: application/json'";

/** The example, true of the server's API; `<...>` are values from the answers before. */
function example(base: string): { comment?: string; code: string }[] {
  return [
    { code: `BASE=${base}` },
    {
      comment: 'Sign in, or skip it: the first upload sets a visitor cookie',
      code: `curl -c jar -b jar ${json} \\\n  -d '{"username":"<username>","password":"<password>"}' $BASE/api/login`,
    },
    {
      comment: 'Get a signed upload URL, then PUT the file to it',
      code: 'curl -c jar -b jar -X POST $BASE/api/objects/upload\ncurl -X PUT --data-binary @logo.png "<uploadURL>"',
    },
    {
      comment: 'Convert; settings you leave out take their defaults',
      code: [
        `curl -c jar -b jar ${json} \\`,
        `  -d '{"originalFileName":"logo.png","originalFileUrl":"<objectPath>",`,
        `       "settings":{"threshold":50,"mode":"bw"}}' \\`,
        '  $BASE/api/conversions',
      ].join('\n'),
    },
    {
      comment: 'Poll until "status" is "completed", then preview and download',
      code: [
        'curl -b jar $BASE/api/conversions/<id>',
        'curl -b jar -o preview.png $BASE/api/preview/<id>',
        'curl -b jar -o logo.svg $BASE/api/download/<id>',
      ].join('\n'),
    },
  ];
}

/** For developers: the JSON HTTP API behind the converter, with a curl walk-through. */
export function ApiSection() {
  const base = typeof window === 'undefined' ? 'https://your-vectrace-host' : window.location.origin;
  return (
    <HomeSection
      id="api"
      eyebrow="API"
      title="Automate it with the same API"
      lead="The converter on this page runs on a plain JSON HTTP API. Call it from your scripts and build tools with the same account and plan."
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
            Requests and answers are JSON, and every error carries a readable{' '}
            <code className="font-mono text-foreground">message</code>. Sessions are cookies, so keep a cookie
            jar. Files are deleted within 24 hours of upload.
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
                  {index < blocks.length - 1 ? `${block.code}\n` : block.code}
                </Fragment>
              ))}
            </code>
          </pre>
          <figcaption className="mt-3 text-sm text-muted-foreground">
            Upload, convert, poll, preview and download with curl.
          </figcaption>
        </figure>
      </div>
    </HomeSection>
  );
}
