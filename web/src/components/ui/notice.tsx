import type { ReactNode } from 'react';

/** A page-level message: coming soon, no access, signed out. */
export function Notice({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <div className="mx-auto mt-12 max-w-md rounded-lg border border-slate-200 bg-white p-6 text-center shadow-sm">
      <h1 className="text-xl font-semibold">{title}</h1>
      {children && <div className="mt-2 text-sm text-slate-600">{children}</div>}
    </div>
  );
}
