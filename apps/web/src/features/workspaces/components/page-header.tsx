import type { ReactNode } from 'react';

/** A page's h1, a line under it and its main actions, stacked on small screens. Plain markup (signed-in.css). */
export function PageHeader({
  title,
  subtitle,
  actions,
}: {
  title: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="pl-page-header">
      <div className="pl-page-header__text">
        <h1>{title}</h1>
        {subtitle ? <p className="pl-page-header__subtitle">{subtitle}</p> : null}
      </div>
      {actions ? <div className="pl-page-header__actions">{actions}</div> : null}
    </div>
  );
}
