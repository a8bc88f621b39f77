import { useEffect, useRef, useState } from "react";
import { publicHealthVideo } from "#app/features/site/site-config.ts";

/**
 * The age gate's public-health video, loaded only when the visitor asks for it: until
 * then it is a poster of our own, so a first visit makes no request to YouTube at all (neither
 * its player's scripts, about a megabyte, nor a look at the visitor) and the age question is
 * ready sooner. Pressing play swaps in the privacy-enhanced embed, playing, in the same box, and
 * moves focus into it. Without JavaScript the poster is a link that opens the video in a new tab.
 */
export function PublicHealthVideo() {
  const [playing, setPlaying] = useState(false);
  const frameRef = useRef<HTMLIFrameElement>(null);

  useEffect(() => {
    if (playing) frameRef.current?.focus();
  }, [playing]);

  return (
    <div className="mx-auto mt-10 aspect-video w-full max-w-xl overflow-hidden rounded-sm border border-cedar bg-humidor">
      {playing ? (
        <iframe
          ref={frameRef}
          src={`${publicHealthVideo.embedUrl}?autoplay=1`}
          title={publicHealthVideo.title}
          width={560}
          height={315}
          allow="autoplay; encrypted-media; picture-in-picture"
          referrerPolicy="strict-origin-when-cross-origin"
          className="h-full w-full"
        />
      ) : (
        <a
          href={publicHealthVideo.embedUrl}
          target="_blank"
          rel="noopener noreferrer"
          onClick={(event) => {
            event.preventDefault();
            setPlaying(true);
          }}
          className="group flex h-full w-full flex-col items-center justify-center gap-4 bg-[radial-gradient(ellipse_at_center,_#3d2b1f_0%,_#1a120d_70%)] px-6 text-center"
        >
          <svg
            viewBox="0 0 64 64"
            width="64"
            height="64"
            aria-hidden="true"
            focusable="false"
            className="text-brass transition-transform group-hover:scale-110 motion-reduce:transition-none"
          >
            <circle cx="32" cy="32" r="30" fill="none" stroke="currentColor" strokeWidth="3" />
            <path d="M26 20 L46 32 L26 44 Z" fill="currentColor" />
          </svg>
          <span className="text-cream">
            <span className="sr-only">Play the video: </span>
            {publicHealthVideo.title}
          </span>
        </a>
      )}
    </div>
  );
}
