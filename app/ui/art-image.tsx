/**
 * An image slot with its intrinsic size declared, so the space is reserved before it loads and a
 * photograph can later replace the art without layout shift.
 */
export function ArtImage({
  src,
  alt,
  width,
  height,
  priority = false,
  className = "",
}: {
  src: string;
  alt: string;
  width: number;
  height: number;
  priority?: boolean;
  className?: string;
}) {
  return (
    <img
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : "auto"}
      decoding={priority ? "sync" : "async"}
      className={`h-auto w-full ${className}`}
    />
  );
}
