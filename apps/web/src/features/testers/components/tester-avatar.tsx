const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('') || '?';

/** A tester's picture: their profile image when they have one, their initials otherwise. */
export function TesterAvatar({ name, url }: { name: string; url?: string | null }) {
  return url ? (
    <img className="tester-avatar" src={url} alt="" width="36" height="36" />
  ) : (
    <span className="tester-avatar" aria-hidden="true">
      {initialsOf(name)}
    </span>
  );
}
