import type { Locale } from '@wsm/contracts';
import { type ValueKind, valueCharacters, valueKind } from '../lib/bidi';
import { useLocale } from '../lib/locale-navigation';

export interface UserValueProps {
  value: string;
  /** What the value is; unsaid, a masked or plain number is a number and anything else text. */
  kind?: ValueKind;
  className?: string;
  title?: string;
  'data-testid'?: string;
}

/**
 * A value people provided, shown by the one rule of src/lib/bidi.ts: in a <bdi> of its own (its
 * direction its own for text, left to right for identifiers and numbers), numbers in the page's
 * digits, anything else as written. Marked data-identifier for the digit checks: its digits are its own.
 */
export function UserValue(props: UserValueProps) {
  const locale = useLocale();
  return <UserValueIn {...props} locale={locale} />;
}

/** UserValue for a known locale (outside the router, or in a text built for another language). */
export function UserValueIn({
  value,
  kind,
  locale,
  className,
  title,
  'data-testid': testId,
}: UserValueProps & { locale: Locale }) {
  const resolved = kind ?? valueKind(value);
  return (
    <bdi
      dir={resolved === 'text' ? 'auto' : 'ltr'}
      data-value-kind={resolved}
      data-identifier={resolved === 'number' ? undefined : ''}
      className={className}
      title={title}
      data-testid={testId}
    >
      {valueCharacters(value, resolved, locale)}
    </bdi>
  );
}
