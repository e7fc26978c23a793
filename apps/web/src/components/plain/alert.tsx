import type { ReactNode } from 'react';
import { Icon } from './icons';

/**
 * A notice in plain markup, announced when it appears: MUI's outlined Alert, or its tinted `standard`
 * one (signed-in.css) with an `action` at the end (a retry, a link).
 */
export function PlainAlert({
  tone,
  standard = false,
  action,
  children,
}: {
  tone: 'info' | 'warning' | 'error';
  standard?: boolean;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={`pl-alert pl-alert--${tone}${standard ? ' pl-alert--standard' : ''}`} role="alert">
      <Icon name={tone === 'warning' ? 'reportProblem' : tone} size={22} className="pl-alert__icon" />
      <div className="pl-alert__message">{children}</div>
      {action ? <div className="pl-alert__action">{action}</div> : null}
    </div>
  );
}
