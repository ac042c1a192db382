// A list on the left and the selected item's details on the right (facilities and doors,
// carriers and drivers), with the page's add buttons above.
import type { ReactNode } from 'react';
import { Card, CardBody, CardHeader } from './ui/card';

export function ListDetailPage(props: {
  heading: string;
  actions: ReactNode;
  listTitle: string;
  list: ReactNode;
  detailTitle: string;
  detail: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">{props.heading}</h1>
        <div className="flex gap-2">{props.actions}</div>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader title={props.listTitle} />
          <CardBody>{props.list}</CardBody>
        </Card>
        <Card>
          <CardHeader title={props.detailTitle} />
          <CardBody>{props.detail}</CardBody>
        </Card>
      </div>
      {props.children}
    </div>
  );
}

/** Loading, failed or empty, else the content. */
export function QueryState({
  loading,
  failed,
  empty,
  texts,
  children,
}: {
  loading: boolean;
  failed?: boolean;
  empty: boolean;
  texts: { loading: string; failed?: string; empty: string };
  children: ReactNode;
}) {
  if (loading) return <p className="text-sm text-slate-500">{texts.loading}</p>;
  if (failed) return <p className="text-sm text-red-600">{texts.failed}</p>;
  if (empty) return <p className="text-sm text-slate-500">{texts.empty}</p>;
  return <>{children}</>;
}
