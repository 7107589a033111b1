import { ACCOUNT_NO_MAX } from '@portal/contracts/banks';

/**
 * The account number grouped while it is typed: up to ten digits the way Thai bank books print
 * them (123-4-56789-0), longer ones in threes (123-456-789-012), matching the server's
 * `account_no_display` once complete.
 */
export function groupAccountNoInput(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, ACCOUNT_NO_MAX);
  if (digits.length <= 10) {
    const groups = [digits.slice(0, 3), digits.slice(3, 4), digits.slice(4, 9), digits.slice(9, 10)];
    return groups.filter(Boolean).join('-');
  }
  return digits.match(/.{1,3}/g)?.join('-') ?? digits;
}

/** How many digits come before `position` in `text` (where the caret was, in digits). */
export function digitsBefore(text: string, position: number): number {
  return text.slice(0, Math.max(0, position)).replace(/\D/g, '').length;
}

/** The caret position in `formatted` just after its `count`-th digit. */
export function caretAfterDigits(formatted: string, count: number): number {
  if (count <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    if (/\d/.test(formatted[i]!)) {
      seen += 1;
      if (seen === count) return i + 1;
    }
  }
  return formatted.length;
}

/** Re-groups what was typed and tells where the caret goes, so typing in the middle stays natural. */
export function regroupWithCaret(text: string, caret: number): { value: string; caret: number } {
  const value = groupAccountNoInput(text);
  return { value, caret: caretAfterDigits(value, digitsBefore(text, caret)) };
}
