import type { ReactNode } from 'react';
import { Icon } from './icons';

/** An outlined notice (MUI's outlined Alert) in plain markup: announced when it appears. */
export function PlainAlert({ tone, children }: { tone: 'info' | 'warning'; children: ReactNode }) {
  return (
    <div className={`pl-alert pl-alert--${tone}`} role="alert">
      <Icon name={tone === 'info' ? 'info' : 'reportProblem'} size={22} className="pl-alert__icon" />
      <div className="pl-alert__message">{children}</div>
    </div>
  );
}
