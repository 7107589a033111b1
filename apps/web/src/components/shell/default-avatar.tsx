/** The gender-based default avatars of the spec, inline so they cost no request. */
export function DefaultAvatar({ gender }: { gender: 'male' | 'female' | string | null | undefined }) {
  if (gender === 'female') {
    return (
      <svg viewBox="0 0 40 40" width="100%" height="100%" aria-hidden="true" focusable="false">
        <rect width="40" height="40" fill="#fde4ec" />
        <path d="M9 24c0-9 4.5-15 11-15s11 6 11 15v6H9z" fill="#8a4b5c" />
        <circle cx="20" cy="18" r="7" fill="#f6d2bd" />
        <path d="M6 40c1-7 7-11 14-11s13 4 14 11z" fill="#d9547a" />
      </svg>
    );
  }
  return (
    <svg viewBox="0 0 40 40" width="100%" height="100%" aria-hidden="true" focusable="false">
      <rect width="40" height="40" fill="#dff3ee" />
      <circle cx="20" cy="17" r="7" fill="#f1ccb2" />
      <path d="M13 15c0-5 3-8 7-8s7 3 7 8c-2-2-4-3-7-3s-5 1-7 3z" fill="#3b3430" />
      <path d="M6 40c1-7 7-11 14-11s13 4 14 11z" fill="#138a73" />
    </svg>
  );
}
