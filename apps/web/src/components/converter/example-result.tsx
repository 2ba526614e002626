import { useState } from 'react';
import { cn } from '../../lib/cn';

const examples = [
  { id: 'illustration', label: 'Illustration', original: '/samples/illustration.png' },
  { id: 'logo', label: 'Logo', original: '/samples/logo.png' },
  { id: 'sketch', label: 'Photographed sketch', original: '/samples/sketch.jpg' },
];

/**
 * What the converter makes, before anything is uploaded: a sample image beside the vector the
 * engine made of it at build time, with the default settings.
 */
export function ExampleResult() {
  const [chosen, setChosen] = useState(examples[0]);
  return (
    <figure className="flex h-full w-full flex-col gap-2 p-3">
      <div className="grid min-h-0 flex-1 grid-cols-2 gap-3">
        {[
          ['Before', chosen.original],
          ['After: SVG by Vectrace', `/examples/${chosen.id}.svg`],
        ].map(([caption, src]) => (
          <div key={caption} className="flex min-h-0 flex-col items-center gap-1">
            <img
              src={src}
              alt={`${caption} (${chosen.label.toLowerCase()} example)`}
              className="min-h-0 flex-1 object-contain"
            />
            <span className="text-xs font-medium text-muted-foreground">{caption}</span>
          </div>
        ))}
      </div>
      <figcaption className="flex flex-wrap items-center justify-center gap-2 text-xs text-muted-foreground">
        Examples made by the engine with its default settings:
        {examples.map((example) => (
          <button
            key={example.id}
            type="button"
            aria-pressed={chosen.id === example.id}
            aria-label={`Show the ${example.label.toLowerCase()} example`}
            onClick={() => setChosen(example)}
            className={cn(
              'cursor-pointer rounded px-1.5 py-0.5 font-medium focus-visible:outline-2 focus-visible:outline-ring',
              chosen.id === example.id
                ? 'bg-primary-soft text-primary'
                : 'text-foreground hover:text-primary',
            )}
          >
            {example.label}
          </button>
        ))}
      </figcaption>
    </figure>
  );
}
