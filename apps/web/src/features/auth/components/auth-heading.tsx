import type { ReactNode } from 'react';
import { Icon } from '../../../components/plain/icons';
import { UserValue } from '../../../components/user-value';
import { valueKind } from '../../../lib/bidi';
import { LocaleLink } from '../../../lib/locale-navigation';

// Plain markup (components/plain/plain.css): sign-up and recovery draw these without MUI.

/** The h1 and the short text under it, on every identity screen. */
export function AuthHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div>
      <h1 className="pl-heading">{title}</h1>
      {children && <div className="pl-subtitle pl-body2 pl-muted pl-lead">{children}</div>}
    </div>
  );
}

/** A way back to an earlier screen; its arrow points backwards in both directions. */
export function BackLink({
  to,
  children,
  onClick,
}: {
  to: string;
  children: ReactNode;
  onClick?: () => void;
}) {
  return (
    <LocaleLink
      to={to}
      onClick={onClick}
      className="pl-button pl-button--text pl-button--primary pl-button--small pl-start"
    >
      <Icon name="arrowBack" size={18} className="pl-flip-rtl" />
      {children}
    </LocaleLink>
  );
}

/**
 * A masked phone or e-mail inside a sentence, by the one rule of src/lib/bidi.ts: a phone in the page's
 * digits, an e-mail as written; both left to right.
 */
export function Destination({ value }: { value: string }) {
  const kind = valueKind(value) === 'number' ? 'number' : 'identifier';
  return <UserValue value={value} kind={kind} className="pl-destination" />;
}
