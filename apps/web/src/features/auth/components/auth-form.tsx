import type { CSSProperties, FormEventHandler, ReactNode } from 'react';

// The auth steps' form frame, in plain markup (components/plain). Their fields are the plain ones bound
// to the form's state (use-plain-form.ts): a bound field shows its message in place of its help text,
// and hands its ref on so the form can focus it.

/** The form element and the column of its fields, as every auth step lays them out. */
export function AuthForm({
  onSubmit,
  testId,
  gap = 18,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  testId: string;
  /** Pixels between fields. */
  gap?: number;
  children: ReactNode;
}) {
  const style: CSSProperties | undefined = gap === 18 ? undefined : { gap };
  return (
    <form className="pl-form" style={style} noValidate onSubmit={onSubmit} data-testid={testId}>
      {children}
    </form>
  );
}
