import type { LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../../app/query-client.ts';
import { docDetailQuery, docTreeQuery, enumsQuery } from './docs.queries.ts';

/** Starts every request the doc editor needs at once, alongside the project lookup of the layout. */
export function docEditLoader({ params }: LoaderFunctionArgs): null {
  const sourceId = params.docId ?? params.copyId;
  if (sourceId) void queryClient.prefetchQuery(docDetailQuery(sourceId));
  if (params.moduleId) {
    void queryClient.prefetchQuery(docTreeQuery(params.moduleId));
    void queryClient.prefetchQuery(enumsQuery(params.moduleId));
  }
  return null;
}
