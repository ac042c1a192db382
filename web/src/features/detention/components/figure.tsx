// One labelled figure of a detention screen (a truck's figures, a statement's totals): a row of a
// definition list, the label at the left and the value at the right.
import type { ReactNode } from 'react';

export function Figure({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-3 border-b border-slate-100 py-1">
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-medium" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
